// /settings: the business profile, the Pro subscription (upgrade, or manage it), the reminder
// digest preferences, the calendar feed, what Google may do, and closing the account.
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { BusinessProfileCard } from '@/features/business-profile/components/business-profile-card';
import { GoogleFeaturesCard } from '@/features/google-reviews/components/google-features-card';
import { CalendarFeedCard } from '@/features/settings/components/calendar-feed-card';
import { CloseAccountCard } from '@/features/settings/components/close-account-card';
import { PushNotificationsCard } from '@/features/settings/components/push-notifications-card';
import { ReminderPreferencesCard } from '@/features/settings/components/reminder-preferences-card';
import { ProSubscriptionCard } from '@/features/subscription/components/pro-subscription-card';
import { useCheckoutReturn } from '@/features/subscription/use-checkout-return';
import { PageColumns } from '@/components/ui/page-columns';

export function SettingsRoute() {
  const { user } = useUser();
  const isPro = user?.isPro === true;
  const { confirming } = useCheckoutReturn(isPro);
  return (
    <PageLayout title={paths.settings.label} description="Your business profile, your plan and your reminders.">
      {user ? (
        <PageColumns widths={[7, 5]} align="stretch">
          <BusinessProfileCard user={user} />
          <ProSubscriptionCard isPro={isPro} confirming={confirming} />
          <ReminderPreferencesCard user={user} />
          <PushNotificationsCard user={user} />
          <CalendarFeedCard />
          <GoogleFeaturesCard />
          <CloseAccountCard />
        </PageColumns>
      ) : null}
    </PageLayout>
  );
}

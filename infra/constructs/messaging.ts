// E-mail through SES (an identity this stack owns) and SMS through SNS or Twilio: the environment
// the functions need to pick a provider, and the rights to send.
import { Annotations, Aws } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export type SmsProvider = 'sns' | 'twilio' | 'outbox';

export type MessagingProps = {
  /** A domain (`example.com`) or an address (`agent@example.com`) to verify in SES. */
  sesIdentity?: string;
  /** The sender; defaults to `no-reply@<sesIdentity>` (or the identity itself when it is an address). */
  mailFrom?: string;
  /** @default 'sns' */
  smsProvider?: SmsProvider;
  /** Where client replies are received (INBOUND_EMAIL_DOMAIN): the Reply-To of client e-mails is there. */
  inboundEmailDomain?: string;
};

export class Messaging extends Construct {
  readonly emailIdentity?: ses.EmailIdentity;
  readonly mailFrom?: string;
  readonly smsProvider: SmsProvider;
  readonly inboundEmailDomain?: string;
  /** Client e-mails go through it; its bounce and complaint events go to the default event bus (jobs/ses-events). */
  readonly configurationSet: ses.ConfigurationSet;

  constructor(scope: Construct, id: string, props: MessagingProps = {}) {
    super(scope, id);
    const { sesIdentity } = props;
    this.smsProvider = props.smsProvider ?? 'sns';
    this.inboundEmailDomain = props.inboundEmailDomain?.trim().toLowerCase() || undefined;
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.eventBus(events.EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });

    if (sesIdentity) {
      const isAddress = sesIdentity.includes('@');
      this.emailIdentity = new ses.EmailIdentity(this, 'EmailIdentity', {
        identity: isAddress ? ses.Identity.email(sesIdentity) : ses.Identity.domain(sesIdentity),
      });
      this.mailFrom = props.mailFrom ?? (isAddress ? sesIdentity : `no-reply@${sesIdentity}`);
      if (!senderMatchesIdentity(this.mailFrom, sesIdentity)) {
        Annotations.of(this).addWarningV2(
          'hearth:mail-from-identity',
          `mailFrom "${this.mailFrom}" is not covered by the SES identity "${sesIdentity}": SES will refuse to send.`,
        );
      }
    } else {
      this.mailFrom = props.mailFrom;
      Annotations.of(this).addWarningV2(
        'hearth:no-ses-identity',
        'No sesIdentity given (-c sesIdentity=example.com): the functions have no right to send e-mail.',
      );
    }
  }

  /**
   * MAIL_PROVIDER, MAIL_FROM, SMS_PROVIDER and INBOUND_EMAIL_DOMAIN for the functions' configuration
   * (functions/config.ts).
   */
  get environment(): Record<string, string> {
    return {
      MAIL_PROVIDER: 'ses',
      SES_CONFIGURATION_SET: this.configurationSet.configurationSetName,
      ...(this.mailFrom ? { MAIL_FROM: this.mailFrom } : {}),
      SMS_PROVIDER: this.smsProvider,
      ...(this.inboundEmailDomain ? { INBOUND_EMAIL_DOMAIN: this.inboundEmailDomain } : {}),
    };
  }

  /** `ses:SendEmail` on this stack's identity only. */
  grantMail(grantee: iam.IGrantable): void {
    this.emailIdentity?.grant(grantee, 'ses:SendEmail');
  }

  /**
   * `sns:Publish` when SMS goes through SNS (Twilio needs no AWS right, only its secret).
   * Publishing straight to a phone number names no resource ARN, so IAM can only allow it on
   * `Resource: "*"`; instead the statement uses `NotResource` with every SNS ARN: it allows the
   * direct (phone number) publish and nothing else, never a topic or a platform endpoint.
   */
  grantSms(grantee: iam.IGrantable): void {
    if (this.smsProvider !== 'sns') return;
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['sns:Publish'], notResources: [`arn:${Aws.PARTITION}:sns:*:*:*`] }),
    );
    // Checked before each text to a client; the action has no resource-level permissions.
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['sns:CheckIfPhoneNumberIsOptedOut'], resources: ['*'] }),
    );
  }

  /** Both: the digest worker may e-mail and text. */
  grantSend(grantee: iam.IGrantable): void {
    this.grantMail(grantee);
    this.grantSms(grantee);
  }
}

function senderMatchesIdentity(mailFrom: string, identity: string): boolean {
  const address = (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim().toLowerCase();
  const id = identity.toLowerCase();
  if (id.includes('@')) return address === id;
  const domain = address.split('@')[1] ?? '';
  return domain === id || domain.endsWith(`.${id}`);
}

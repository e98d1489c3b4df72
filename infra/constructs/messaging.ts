// E-mail through SES (an identity this stack owns) and SMS through SNS or Twilio: the environment
// the functions need to pick a provider, and the rights to send.
import { Annotations, Aws, Stack } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { isE164 } from '../../functions/config';

export type SmsProvider = 'sns' | 'twilio' | 'outbox';

export type MessagingProps = {
  /** A domain (`example.com`) or an address (`agent@example.com`) to verify in SES. */
  sesIdentity?: string;
  /** The sender; defaults to `no-reply@<sesIdentity>` (or the identity itself when it is an address). */
  mailFrom?: string;
  /** @default 'sns' */
  smsProvider?: SmsProvider;
  /**
   * The two-way number texts through SNS go from (E.164, SMS_ORIGINATION_NUMBER): each Publish names it, so replies and
   * STOP come back to the number whose inbound texts the stack receives. Twilio texts from its own `from`.
   */
  smsOriginationNumber?: string;
  /** Where client replies are received (INBOUND_EMAIL_DOMAIN): the Reply-To of client e-mails is there. */
  inboundEmailDomain?: string;
};

export class Messaging extends Construct {
  readonly emailIdentity?: ses.EmailIdentity;
  readonly mailFrom?: string;
  readonly smsProvider: SmsProvider;
  readonly smsOriginationNumber?: string;
  readonly inboundEmailDomain?: string;
  /** Client e-mails go through it; its bounce and complaint events go to the default event bus (jobs/ses-events). */
  readonly configurationSet: ses.ConfigurationSet;

  constructor(scope: Construct, id: string, props: MessagingProps = {}) {
    super(scope, id);
    const { sesIdentity } = props;
    this.smsProvider = props.smsProvider ?? 'sns';
    const origination = props.smsOriginationNumber?.trim() || undefined;
    if (origination !== undefined && !isE164(origination))
      throw new Error(`smsOriginationNumber must be a phone number in E.164, like +18885550123 (got "${origination}")`);
    if (origination && this.smsProvider !== 'sns')
      Annotations.of(this).addWarningV2(
        'hearth:sms-origination-unused',
        `smsOriginationNumber is for texts through SNS; with smsProvider=${this.smsProvider} it is not used.`,
      );
    this.smsOriginationNumber = this.smsProvider === 'sns' ? origination : undefined;
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
   * MAIL_PROVIDER, MAIL_FROM, SMS_PROVIDER, SMS_ORIGINATION_NUMBER and INBOUND_EMAIL_DOMAIN for the functions'
   * configuration (functions/config.ts): every function that mails or texts clients gets them.
   */
  get environment(): Record<string, string> {
    return {
      MAIL_PROVIDER: 'ses',
      SES_CONFIGURATION_SET: this.configurationSet.configurationSetName,
      ...(this.mailFrom ? { MAIL_FROM: this.mailFrom } : {}),
      SMS_PROVIDER: this.smsProvider,
      ...(this.smsOriginationNumber ? { SMS_ORIGINATION_NUMBER: this.smsOriginationNumber } : {}),
      ...(this.inboundEmailDomain ? { INBOUND_EMAIL_DOMAIN: this.inboundEmailDomain } : {}),
    };
  }

  /**
   * `ses:SendEmail` on this stack's identity and its configuration set only: every client e-mail names the set, and SES
   * then authorizes the call on both (DESIGN §15).
   */
  grantMail(grantee: iam.IGrantable): void {
    if (!this.emailIdentity) return;
    this.emailIdentity.grant(grantee, 'ses:SendEmail');
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['ses:SendEmail'],
      resourceArns: [
        Stack.of(this).formatArn({
          service: 'ses',
          resource: 'configuration-set',
          resourceName: this.configurationSet.configurationSetName,
        }),
      ],
    });
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

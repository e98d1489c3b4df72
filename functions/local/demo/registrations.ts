// The clients who came to the demo agent on their own this week: Ethan, invited by e-mail, who completed his profile
// from the link and shared a video; Zoe, invited and not there yet; and Samantha, who chose Jordan in the directory
// and waits for the agent to accept her (or for her own confirmation). Each through the public use cases the pages
// call, at the moment of seeding (none of them takes another time).
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { config } from '../../config';
import { isRefusal } from '../../domain/refusals';
import { createLogger } from '../../observability/logger';
import { registerClient } from '../../services/client-registration';
import { inviteClient } from '../../services/invitations';
import { completeVideoUpload, startVideoUpload } from '../../services/video-testimonials';
import type { DemoClock } from './clock';
import { DemoStoryError, type Cast } from './play';

const log = createLogger({ component: 'demo-seed' });
/** Where the visitors' requests come from: this machine. */
const VISITOR_IP = '127.0.0.1';
/**
 * Ethan's video: a four-second card ("Thank you, Jordan!") recorded once in Chromium from a canvas (MediaRecorder,
 * VP8, 320×180), so the demo plays a real video. Read from the repository's root, where `npm start` runs.
 */
const TESTIMONIAL = resolve('functions/local/demo/testimonial.webm');

export const INVITED = { name: 'Ethan Walsh', email: 'ethan.walsh@example.com', phone: '(512) 555-0150' };
export const STILL_INVITED = { name: 'Zoe Campbell', email: 'zoe.campbell@example.com' };
export const DIRECTORY_VISITOR = {
  name: 'Samantha Reyes',
  email: 'samantha.reyes@example.com',
  phone: '(737) 555-0151',
};

export async function welcomeNewClients(cast: Cast, clock: DemoClock): Promise<void> {
  for (const invitee of [INVITED, STILL_INVITED]) {
    const sent = await inviteClient(cast.agent, invitee, log);
    if (isRefusal(sent)) throw new DemoStoryError(`the invitation to ${invitee.name} was refused: ${sent.kind}`);
  }
  // Ethan follows the link in his e-mail, completes his profile (texts welcome) and shares his video.
  const token = invitationToken(INVITED.email);
  const profile = {
    phone: INVITED.phone,
    address: '1804 Cedar Bend Dr, Austin, TX 78758',
    birthday: clock.around(64, 1990),
    // He closed on his first home three weeks ago.
    purchaseDate: clock.day(21),
    smsConsent: true,
  };
  const registered = await registerClient({ via: 'invitation', token, profile }, VISITOR_IP, log);
  if (isRefusal(registered)) throw new DemoStoryError(`Ethan could not register: ${registered.kind}`);
  cast.ids.set(INVITED.name, registered.clientId);
  await shareVideo({ clientId: registered.clientId, clientToken: registered.clientToken });

  const visitor = { ...DIRECTORY_VISITOR, smsConsent: true };
  const pending = await registerClient({ via: 'directory', agentId: cast.agent.id, client: visitor }, VISITOR_IP, log);
  if (isRefusal(pending)) throw new DemoStoryError(`Samantha could not register: ${pending.kind}`);
}

/** The browser's three steps: the presigned POST asked for, the file sent straight to S3, the upload completed. */
async function shareVideo(who: { clientId: string; clientToken: string }): Promise<void> {
  const video = readFileSync(TESTIMONIAL);
  const upload = await startVideoUpload({ ...who, contentType: 'video/webm', size: video.length });
  if (isRefusal(upload)) throw new DemoStoryError(`the video upload was refused: ${upload.kind}`);
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(video)], { type: 'video/webm' }), 'thank-you.webm');
  const stored = await fetch(upload.url, { method: 'POST', body: form });
  if (!stored.ok) throw new DemoStoryError(`S3 refused the video: ${stored.status}`);
  const done = await completeVideoUpload({ ...who, uploadId: upload.uploadId }, log);
  if (isRefusal(done)) throw new DemoStoryError(`the video was not recorded: ${done.kind}`);
}

/** The token of the newest invitation mailed to `email`, read from the local outbox as the client reads the e-mail. */
function invitationToken(email: string): string {
  const dir = config().outboxDir;
  if (!dir) throw new DemoStoryError('no outbox to read the invitation from');
  const mails = readdirSync(dir).filter((name) => name.includes('-email-') && name.endsWith('.json'));
  for (const file of mails.sort().reverse()) {
    const mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string; text: string };
    const token = mail.to === email ? /\/client-registration#token=(\S+)/.exec(mail.text)?.[1] : undefined;
    if (token) return token;
  }
  throw new DemoStoryError(`no invitation mailed to ${email}`);
}

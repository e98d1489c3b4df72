// Before the server project's tests: the templates the local runtime runs as (PREPARED_DEPLOYS: the default
// deploy's, the test deploy's and the test deploy configured), synthesized here once when missing or stale (about 5 s
// each, side by side; a fresh clone, or after a change to infra/), so no test's beforeAll pays for it under its
// timeout.
import { synthesizeTwinTemplates } from '../functions/local/twin/template-dir';

export default function synthesizeTwin(): Promise<void> {
  return synthesizeTwinTemplates();
}

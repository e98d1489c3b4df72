// Before the server project's tests: the templates the local runtime runs as (cdk.out/twin and the
// configured deploy's), synthesized here once when missing or stale (about 5 s each, side by side; a
// fresh clone, or after a change to infra/), so no test's beforeAll pays for it under its timeout.
import { synthesizeTwinTemplates } from '../functions/local/twin/template-dir';

export default function synthesizeTwin(): Promise<void> {
  return synthesizeTwinTemplates();
}

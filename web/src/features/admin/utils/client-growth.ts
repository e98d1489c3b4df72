// Client Growth: how many clients there were at the end of each month, from the clients added per
// month (clientGrowth) and today's total. Months are oldest first.
import type { MonthCount } from '@shared/api-types';

export function clientsAtMonthEnd(added: readonly MonthCount[], totalNow: number): MonthCount[] {
  const result: MonthCount[] = new Array(added.length);
  let running = totalNow;
  for (let i = added.length - 1; i >= 0; i -= 1) {
    result[i] = { month: added[i]!.month, count: Math.max(0, running) };
    running -= added[i]!.count;
  }
  return result;
}

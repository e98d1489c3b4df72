// The success toast's second line after adding a client (also the administrators' page's).
export function remainingSlotsText(remainingFreeSlots: number | null): string | undefined {
  if (remainingFreeSlots === null) return undefined;
  if (remainingFreeSlots <= 0) return "You've reached your free plan limit";
  return `You can add ${remainingFreeSlots} more client(s) on the free plan`;
}

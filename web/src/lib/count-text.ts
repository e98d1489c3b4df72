// How the lists word their counts, digits grouped as in en-US.

/** '1 client', '1,234 clients'. */
export function countText(count: number, one: string, other: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : other}`;
}

/** '12 of 1,234 clients': how many rows a search kept. */
export function matchCountText(shown: number, total: number, other: string): string {
  return `${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${other}`;
}

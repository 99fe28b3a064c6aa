/** "+3", "-2", "0": a signed quantity (a ledger row's, a count's variance). */
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

const dollars = new Intl.NumberFormat('en-US');

/**
 * Integer USD cents as people read them, in integers only (no float arithmetic on money): whole
 * dollars show no cents ("$1,234"), other amounts show them ("$12.50"). `alwaysCents` is for the
 * totals of checkouts, orders, invoices and receipts, where every amount shows its cents ("$1,234.00").
 */
export function formatUsd(cents: number, opts: { alwaysCents?: boolean } = {}): string {
  const c = Math.round(cents);
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(c);
  const rest = abs % 100;
  const fraction = rest || opts.alwaysCents ? `.${String(rest).padStart(2, '0')}` : '';
  return `${sign}$${dollars.format((abs - rest) / 100)}${fraction}`;
}

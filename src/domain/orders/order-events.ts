/** An order as webhook events show it to its buyer: its number, total and page (events go to the buyer only). */
export const orderEventData = (publicUrl: string, o: { number: string; total_cents: number; currency: string }) => ({
  order: {
    number: o.number,
    total_cents: o.total_cents,
    currency: o.currency,
    url: `${publicUrl}/orders/${o.number}`,
  },
});

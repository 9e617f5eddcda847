/** What an agent reads on connecting: how the tools fit together (submit, poll the draft, edit, save, launch). */
export function serverInstructions(siteName: string): string {
  return [
    `${siteName} is a directory of products and their weekly launches. Every tool mirrors one REST operation ` +
      `of /api/v1.`,
    'Find products with search_listings (full-text and typo tolerant; an empty q browses) and read one with ' +
      'get_listing by its slug.',
    'Reading is open to everyone; tools that act for a person need sign-in (OAuth or an API key) with the ' +
      'scope the tool names.',
    'To submit a product: call submit_listing with its website URL. Then poll get_draft every few seconds ' +
      'until status is ready (usually seconds). Or send a progress token with submit_listing: the call then ' +
      'reports progress notifications while the site is read and drafted, and answers with the ready draft.',
    'Review each field with its evidence quotes; fix or complete fields with update_draft. Then submit_draft ' +
      'saves the draft as an unpublished listing and returns listing_id.',
    'To launch it, either choose_free_listing (the free queue, weeks out) or build an order: list_products, ' +
      'price it with quote_order, then create_checkout.',
    'create_checkout returns checkout_url: give it to the person, who opens it and pays themselves; nothing is ' +
      'charged through the tools. cancel_order cancels a pending order you will not pay.',
    'Tools that act take an idempotency key, as the idempotency_key argument or as _meta ' +
      '"io.launchdeck/idempotency-key": a retry with the same key and arguments within 24 hours returns the ' +
      'first result (its _meta "io.launchdeck/idempotent-replayed" is true) instead of acting twice.',
    'Each tool names the OAuth scope it needs in its description and in _meta "io.launchdeck/scope".',
    'Tools taking page and per_page answer {items, page, per_page, total, total_pages}.',
    'get_order then shows when it is paid and what was done for each line (list_my_orders lists them all).',
    'Votes can never be cast through the API or these tools.',
    'Errors come back as results with isError: true whose text is a JSON problem object {type, title, ' +
      'status, detail, errors?}: detail says what went wrong, errors names each invalid argument.',
  ].join('\n');
}

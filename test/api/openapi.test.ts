import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describeEachDatabase } from '../support/app.js';

/** Every operationId the REST API and MCP server must offer. */
const SPEC_OPERATIONS = [
  'get_site_info',
  'search_listings',
  'get_listing',
  'get_alternatives',
  'compare_listings',
  'list_categories',
  'get_category',
  'get_launch_week',
  'list_launches',
  'get_leaderboard',
  'list_founders',
  'get_founder',
  'list_blog_posts',
  'get_blog_post',
  'list_awards',
  'get_badges',
  'list_interview_questions',
  'get_account',
  'submit_listing',
  'list_my_drafts',
  'get_draft',
  'update_draft',
  'invite_cofounder',
  'submit_draft',
  'list_my_listings',
  'get_my_listing',
  'update_my_listing',
  'post_listing_update',
  'add_milestone',
  'delete_milestone',
  // Issue 27: the media section (SPEC §2.6) gets its operations beside the other paid sections'.
  'add_listing_media',
  'update_listing_media',
  'delete_listing_media',
  'set_founder_story',
  'answer_interview',
  'choose_free_listing',
  'claim_listing',
  'list_my_claims',
  'verify_claim',
  'quote_order',
  'create_checkout',
  'list_my_orders',
  'get_order',
  'cancel_order',
  'list_products',
  // Issue 29: the makers' loop — a listing's analytics and outgoing webhooks.
  'get_listing_analytics',
  'create_webhook_endpoint',
  'list_webhook_endpoints',
  'update_webhook_endpoint',
  'delete_webhook_endpoint',
  'list_webhook_deliveries',
  'redeliver_webhook',
];

describeEachDatabase('OpenAPI document', (env) => {
  const doc = async () => (await env().json('/api/v1/openapi.json')).body;

  test('is a valid OpenAPI 3.1.0 document, version 1.0.0', async () => {
    const d = await doc();
    assert.equal(d.openapi, '3.1.0');
    assert.equal(d.info.version, '1.0.0');
    const result = await new Validator().validate(d);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 1)?.slice(0, 2000));
  });

  test('lists every operationId of the spec exactly once', async () => {
    const d = await doc();
    const ids = Object.values(d.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    assert.deepEqual([...ids].sort(), [...SPEC_OPERATIONS].sort());
  });

  test('every tag in the document names at least one operation, and every operation has a listed tag', async () => {
    const d = await doc();
    const listed: string[] = d.tags.map((t: { name: string }) => t.name);
    const used = new Set(
      Object.values(d.paths as Record<string, Record<string, { tags: string[] }>>).flatMap((p) =>
        Object.values(p).flatMap((o) => o.tags),
      ),
    );
    assert.deepEqual(
      listed.filter((t) => !used.has(t)),
      [],
    );
    assert.deepEqual(
      [...used].filter((t) => !listed.includes(t)),
      [],
    );
  });

  test('protected operations name their scope; public ones need none', async () => {
    const d = await doc();
    assert.deepEqual(d.paths['/drafts'].post.security, [{ bearerAuth: [] }, { oauth2: ['listings:write'] }]);
    assert.deepEqual(d.paths['/orders/quote'].post.security, [{ bearerAuth: [] }, { oauth2: ['orders:write'] }]);
    assert.deepEqual(d.paths['/me'].get.security, [{ bearerAuth: [] }, { oauth2: ['account:read'] }]);
    assert.deepEqual(d.paths['/listings'].get.security[0], {});
  });

  test('limits of the spec are in the schemas', async () => {
    const d = await doc();
    const param = (path: string, name: string) =>
      d.paths[path].get.parameters.find((p: { name: string }) => p.name === name).schema;
    assert.equal(param('/listings', 'q').maxLength, 200);
    assert.equal(param('/listings', 'per_page').maximum, 100);
    assert.equal(param('/listings', 'page').maximum, 1000);
    assert.equal(param('/founders', 'q').maxLength, 120);
    const draftBody = d.paths['/drafts/{id}'].patch.requestBody.content['application/json'].schema;
    assert.equal(draftBody.additionalProperties, false);
    assert.equal(draftBody.properties.faqs.maxItems, 10);
    assert.equal(draftBody.properties.regenerate.maxItems, 5);
    assert.equal(draftBody.properties.seo.properties.meta.maxLength, 170);
    const order = d.paths['/orders/quote'].post.requestBody.content['application/json'].schema;
    assert.equal(order.properties.items.maxItems, 20);
    assert.equal(order.properties.items.items.properties.amount_cents.maximum, 100000000);
  });

  test('every error response is problem+json and every operation can be rate limited', async () => {
    const d = await doc();
    const resolve = (r: { $ref?: string }) =>
      r.$ref ? d.components.responses[r.$ref.slice('#/components/responses/'.length)] : r;
    for (const path of Object.values(d.paths as Record<string, Record<string, { responses: Record<string, any> }>>)) {
      for (const op of Object.values(path)) {
        assert.ok(op.responses['429'], 'a 429 response');
        for (const [status, r] of Object.entries(op.responses))
          if (Number(status) >= 400) assert.ok(resolve(r).content['application/problem+json'], status);
      }
    }
  });

  test('every response of every operation documents the RateLimit headers, defined once', async () => {
    const d = await doc();
    const names = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
    for (const name of names) assert.equal(d.components.headers[name].required, true, name);
    const responses = [
      ...Object.values(d.components.responses as Record<string, any>),
      ...Object.values(d.paths as Record<string, Record<string, { responses: Record<string, any> }>>).flatMap((p) =>
        Object.values(p).flatMap((o) => Object.values(o.responses).filter((r) => !r.$ref)),
      ),
    ];
    for (const r of responses)
      for (const name of names) assert.deepEqual(r.headers[name], { $ref: `#/components/headers/${name}` });
  });

  test('an operation with a body documents 413 and 415; one without does not', async () => {
    const d = await doc();
    assert.deepEqual(d.paths['/orders/quote'].post.responses['413'], {
      $ref: '#/components/responses/ContentTooLarge',
    });
    assert.ok(d.paths['/orders/quote'].post.responses['415']);
    assert.equal(d.paths['/drafts/{id}/submit'].post.responses['413'], undefined);
  });

  test('names a contact and a license', async () => {
    const d = await doc();
    assert.deepEqual(d.info.contact, { name: 'Launchdeck', url: 'http://launchdeck.test/docs' });
    assert.equal(d.info.license.identifier, 'MIT');
  });

  test('the API reference page at /docs documents every operation', async () => {
    const res = await env().get('/docs');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    for (const id of SPEC_OPERATIONS) assert.ok(res.body.includes(`op-${id}`), id);
  });
});

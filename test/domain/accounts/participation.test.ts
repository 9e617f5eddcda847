import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { participationRefusal } from '../../../src/domain/accounts/participation.js';

describe('community participation', () => {
  test('only confirmed, unsuspended accounts take part; an unconfirmed one is told that first', () => {
    assert.equal(participationRefusal({ email_verified_at: '2026-01-01T00:00:00Z', suspended_at: null }), null);
    assert.equal(participationRefusal({ email_verified_at: null, suspended_at: null }), 'unconfirmed');
    assert.equal(
      participationRefusal({ email_verified_at: '2026-01-01T00:00:00Z', suspended_at: '2026-02-01T00:00:00Z' }),
      'suspended',
    );
  });

  test('an unconfirmed account that is also suspended is told to confirm first', () => {
    assert.equal(
      participationRefusal({ email_verified_at: null, suspended_at: '2026-02-01T00:00:00Z' }),
      'unconfirmed',
    );
  });
});

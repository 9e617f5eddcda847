import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';

export const getAccountOperation = defineOperation({
  operationId: 'get_account',
  method: 'GET',
  path: '/me',
  tag: 'Account',
  title: 'Who am I',
  summary: 'Who you are signed in as, how, and which scopes your credential allows.',
  scope: 'account:read',
  response: Type.Object({
    user: Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String(), is_admin: Type.Boolean() }),
    auth: Type.Object({ via: Type.String(), scopes: Type.Array(Type.String()) }),
  }),
  handler: async (_input, ctx) => {
    const p = ctx.principal!;
    const rows = await ctx.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [p.userId]);
    return {
      user: { id: p.userId, email: p.email, name: rows[0]?.name ?? '', is_admin: p.isAdmin },
      auth: { via: p.via, scopes: p.scopes },
    };
  },
});

export const accountOperations = [getAccountOperation];

import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../registry.js';
import { AppError } from '../../../errors/app-error.js';
import { importRatingsCsv } from '../../../domain/domain-ratings/csv-import.js';
import { providerScaleProblem } from '../../../domain/domain-ratings/provider-labels.js';

/** Domain Rating readings imported from a CSV file. */

export const importDomainRatingsOperation = defineOperation({
  operationId: 'import_domain_ratings',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/domain-ratings/import',
  tag: 'Admin',
  title: 'Import Domain Ratings',
  summary:
    'CSV lines of domain,rating,date; nothing is imported when any row is bad (the answer names them), a reading of the same date replaces the earlier one.',
  scope: 'listings:write',
  body: Type.Object({
    csv: Type.String(),
    provider: Type.Optional(Type.String({ default: 'import' })),
    scale: Type.Optional(Type.Number({ default: 100, description: 'The best possible rating' })),
  }),
  response: Type.Object({
    provider: Type.String(),
    imported: Type.Integer(),
    unknown: Type.Array(Type.Object({ line: Type.Integer(), domain: Type.String() })),
    errors: Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() })),
  }),
  handler: async ({ csv, provider = 'import', scale = 100 }, ctx) => {
    // The command line's check, so its flags are named as the form's fields.
    const problem = providerScaleProblem(provider, scale);
    if (problem) throw new AppError(400, problem.replace(/--(provider|scale)/g, '$1'));
    return { provider, ...(await importRatingsCsv(ctx.db, csv, { provider, scale })) };
  },
});

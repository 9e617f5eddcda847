import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { notFound } from '../errors.js';
import { Params, Query, Slug, StringEnum } from '../schemas/common.js';
import { BADGE_KINDS, BADGE_MODES, BADGE_SHAPES, BADGE_SIZES } from '../../domain/badges/kinds.js';
import { badgeEmbeds, loadBadgeFacts } from '../../domain/badges/listing-badges.js';

export const getBadgesOperation = defineOperation({
  operationId: 'get_badges',
  method: 'GET',
  path: '/listings/{slug}/badges',
  tag: 'Badges',
  title: 'Badges of a listing',
  summary:
    'Embed HTML, Markdown and SVG URLs of the badges (Listed on, Launched on, Featured, …) this listing has earned.',
  scope: null,
  notFound: true,
  params: Params({ slug: Slug('Listing slug') }),
  query: Query({
    shape: Type.Optional(
      StringEnum(BADGE_SHAPES, {
        default: 'standard',
        description: 'standard and outline (250×54 at size m), pill (240×48), banner (360×32) or square (144×144)',
      }),
    ),
    mode: Type.Optional(
      StringEnum(BADGE_MODES, { default: 'auto', description: "auto follows the viewer's light/dark preference" }),
    ),
    size: Type.Optional(
      StringEnum(BADGE_SIZES, {
        default: 'm',
        description: "s (80 %), m or l (125 %) of the shape's size",
      }),
    ),
  }),
  response: Type.Object({
    listing: Type.Object({ slug: Type.String(), name: Type.String() }),
    shape: Type.String(),
    mode: Type.String(),
    size: Type.String(),
    badges: Type.Array(
      Type.Object({
        kind: StringEnum(BADGE_KINDS),
        label: Type.String(),
        earned: Type.Boolean(),
        svg_url: Type.String(),
        light_svg_url: Type.String(),
        dark_svg_url: Type.String(),
        html: Type.String(),
        markdown: Type.String(),
        width: Type.Integer(),
        height: Type.Integer(),
      }),
    ),
  }),
  handler: async (input, ctx) => {
    const facts = await loadBadgeFacts(ctx.db, ctx.site.id, input.slug);
    if (!facts) throw notFound(`There is no listing "${input.slug}".`);
    const style = { shape: input.shape ?? 'standard', mode: input.mode ?? 'auto', size: input.size ?? 'm' } as const;
    return {
      listing: { slug: facts.slug, name: facts.name },
      ...style,
      badges: badgeEmbeds(facts, style, ctx.site.name, ctx.config.publicUrl),
    };
  },
});

export const badgeOperations = [getBadgesOperation];

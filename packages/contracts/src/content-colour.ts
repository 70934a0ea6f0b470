// SPEC 5 colour values, in the three formats owners edit (SPEC 9: RGB, HSL, hex). Hex takes 3 to
// 6 hex characters; HSL hue is 0-360 and saturation, lightness and alpha 0-1. Refusals use the
// SPEC colour messages word for word.
import { z } from 'zod';
import { ContentMessages } from './content-limits.js';
import { ColourMessages } from './messages.js';

const unit = z.number().finite();

/** The shape of a colour (bounds are checked by `colourProblem`, so the message is the SPEC's). */
export const ColourValue = z.union([
  z.string().max(16),
  z.object({ h: unit.optional(), s: unit.optional(), l: unit.optional(), a: unit.optional() }).strict(),
  z.object({ r: unit, g: unit, b: unit, a: unit.optional() }).strict(),
]);
export type ColourValue = z.infer<typeof ColourValue>;

const inUnit = (value: number) => value >= 0 && value <= 1;

/** The SPEC message for what is wrong with a colour, or undefined when it is valid. */
export function colourProblem(value: ColourValue): string | undefined {
  if (typeof value === 'string') return /^#?[0-9a-fA-F]{3,6}$/.test(value) ? undefined : ContentMessages.hexColour;
  if ('r' in value) {
    const channels = [value.r, value.g, value.b];
    if (!channels.every((c) => Number.isInteger(c) && c >= 0 && c <= 255)) return ContentMessages.rgbOutOfBounds;
    if (value.a !== undefined && !inUnit(value.a)) return ColourMessages.alphaOutOfBounds;
    return undefined;
  }
  if (value.h === undefined || value.s === undefined || value.l === undefined) return ColourMessages.missingHslValue;
  if (value.h < 0 || value.h > 360) return ColourMessages.hueOutOfBounds;
  if (!inUnit(value.s)) return ColourMessages.saturationOutOfBounds;
  if (!inUnit(value.l)) return ColourMessages.lightnessOutOfBounds;
  if (value.a !== undefined && !inUnit(value.a)) return ColourMessages.alphaOutOfBounds;
  return undefined;
}

/** A colour as an owner sends it: the shape, then the SPEC bounds with the SPEC messages. */
export const Colour = ColourValue.superRefine((value, ctx) => {
  const problem = colourProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

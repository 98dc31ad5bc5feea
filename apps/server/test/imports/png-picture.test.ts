import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { PngError, pngPicture, readPngTextChunks } from '../../src/lib/png-text';
import { ST_FIXTURES } from './helpers';

it("keeps a card's picture and drops its text, without decoding it", async () => {
  const card = fs.readFileSync(path.join(ST_FIXTURES, 'default-user/characters/Captain Mira.png'));
  expect(readPngTextChunks(card).has('chara')).toBe(true);
  const picture = pngPicture(card);
  expect(readPngTextChunks(picture.data).size).toBe(0);
  expect(picture.data.length).toBeLessThan(card.length);
  const [before, after] = await Promise.all([sharp(card).raw().toBuffer(), sharp(picture.data).raw().toBuffer()]);
  expect(after.equals(before)).toBe(true);
  expect({ width: picture.width, height: picture.height }).toEqual(
    await sharp(card)
      .metadata()
      .then((m) => ({ width: m.width, height: m.height })),
  );
  expect(() => pngPicture(card.subarray(0, 100))).toThrow(PngError);
  expect(() => pngPicture(Buffer.from('not a png at all'))).toThrow(PngError);
});

// The buttons the Broken Buttons scan checks (shared SCREEN_BUTTONS) are the staff app's own: each
// declared testId is rendered somewhere in its source, so a renamed button is not silently skipped.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SCREEN_BUTTONS } from '@tablewise/shared';
import { expect, it } from 'vitest';

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sources(path)));
    else if (entry.name.endsWith('.tsx') && !entry.name.includes('.test.')) out.push(await readFile(path, 'utf8'));
  }
  return out;
}

it('renders every declared button testId', async () => {
  const text = (await sources(join(import.meta.dirname, '..', '..'))).join('\n');
  const missing = SCREEN_BUTTONS.filter((b) => !text.includes(`"${b.testId}"`) && !text.includes(`'${b.testId}'`));
  expect(missing.map((b) => `${b.route} ${b.testId}`)).toEqual([]);
});

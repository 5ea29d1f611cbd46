import { expect, test } from 'vitest';
import { dataExport } from './safety.ts';

const NOW = new Date('2026-11-24T15:00:00Z');

test("the downloaded file is named after the export's own username, whatever the screen had loaded", () => {
  const exported = { profile: { username: 'ana_b' }, notebooks: [] };
  const file = dataExport(exported, NOW);
  expect(file.fileName).toBe('cadernos-ana_b-2026-11-24.json');
  expect(JSON.parse(file.json)).toEqual(exported);
});

test('an export without a username still gets a readable name', () => {
  expect(dataExport({ notebooks: [] }, NOW).fileName).toBe('cadernos-dados-2026-11-24.json');
});

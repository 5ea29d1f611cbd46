/**
 * The floor: the same documents written into IndexedDB with a plain Dexie bulkPut, one table per
 * collection with the same secondary index (notebook_id), in one transaction. The documents are
 * handed to the page beforehand, so this is IndexedDB write time and nothing else.
 */
import Dexie from 'dexie';

type Docs = Record<'notebooks' | 'questions' | 'answers', Record<string, unknown>[]>;

async function bulkPut(options: { databaseName: string; docs: Docs }): Promise<{ totalMs: number }> {
  const db = new Dexie(options.databaseName);
  db.version(1).stores({ notebooks: 'id', questions: 'id, notebook_id', answers: 'id, notebook_id' });
  await db.open();
  try {
    const started = performance.now();
    await db.transaction('rw', db.table('notebooks'), db.table('questions'), db.table('answers'), async () => {
      await db.table('notebooks').bulkPut(options.docs.notebooks);
      await db.table('questions').bulkPut(options.docs.questions);
      await db.table('answers').bulkPut(options.docs.answers);
    });
    const totalMs = performance.now() - started;
    const count = (await db.table('answers').count()) + (await db.table('questions').count()) + (await db.table('notebooks').count());
    if (count !== options.docs.answers.length + options.docs.questions.length + options.docs.notebooks.length) throw new Error('floor: wrong count');
    return { totalMs };
  } finally {
    db.close();
    await Dexie.delete(options.databaseName);
  }
}

Object.assign(window, { bench: { bulkPut }, benchReady: true });

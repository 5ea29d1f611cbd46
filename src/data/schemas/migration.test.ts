/**
 * A phone that installed the app when the schemas were at version 0 keeps its documents when it
 * opens the database with today's schemas (version 1 added sync_base): they are migrated, not
 * stranded — pending offline writes included.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { expect, test } from 'vitest';
import { openDatabase } from '../db.ts';
import { isSyncBase } from '../replication/sync-base.ts';
import { COLLECTIONS } from './index.ts';

/** The collection's schema as version 0 had it. */
function versionZero(name: 'notebooks' | 'questions') {
  const properties = Object.fromEntries(Object.entries(COLLECTIONS[name].schema.properties).filter(([key]) => !isSyncBase(key)));
  return { ...COLLECTIONS[name].schema, version: 0, properties } as RxJsonSchema<unknown>;
}

test('documents written under version 0 are still there, unchanged, after the upgrade to version 1', async () => {
  const indexedDB = new IDBFactory();
  const name = 'installed-phone';
  const old = await createRxDatabase({
    name,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) }),
    multiInstance: false,
  });
  await old.addCollections({ notebooks: { schema: versionZero('notebooks') }, questions: { schema: versionZero('questions') } });
  const notebook = { id: '6f1c2a3e-0000-4000-8000-000000000001', user_id: '6f1c2a3e-0000-4000-8000-0000000000aa', title: 'Caderno de 2025', server_rev: 3 };
  const question = { id: '6f1c2a3e-0000-4000-8000-000000000002', notebook_id: notebook.id, text: 'Qual é o seu sonho?', order_index: 0, blocked: false, server_rev: 0 };
  await old.collections.notebooks.insert(notebook);
  await old.collections.questions.insert(question);
  await old.close();

  const db = await openDatabase({ name, indexedDB, IDBKeyRange, collections: ['notebooks', 'questions'], devMode: true });
  try {
    expect((await db.collections.notebooks.findOne(notebook.id).exec())?.toJSON()).toMatchObject(notebook);
    expect((await db.collections.questions.findOne(question.id).exec())?.toJSON()).toMatchObject(question);
    expect(db.collections.questions.schema.version).toBe(1);
  } finally {
    await db.close();
  }
});

test('answers stored under version 1 (before guests, issue 21) open under version 2 as people’s answers: guest_id null, nothing else changed', async () => {
  const indexedDB = new IDBFactory();
  const name = 'phone-before-guests';
  const versionOne = { ...COLLECTIONS.answers.schema, version: 1, properties: Object.fromEntries(Object.entries(COLLECTIONS.answers.schema.properties).filter(([key]) => key !== 'guest_id')) };
  const old = await createRxDatabase({
    name,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) }),
    multiInstance: false,
  });
  await old.addCollections({ answers: { schema: versionOne as RxJsonSchema<unknown>, migrationStrategies: { 1: (doc: unknown) => doc } } });
  const answer = {
    id: '6f1c2a3e-0000-4000-8000-000000000003',
    question_id: '6f1c2a3e-0000-4000-8000-000000000002',
    notebook_id: '6f1c2a3e-0000-4000-8000-000000000001',
    user_id: '6f1c2a3e-0000-4000-8000-0000000000aa',
    text: 'Brigadeiro',
    is_anonymous: false,
    responder_name: null,
    moderation_status: 'approved',
    client_clock: 5,
    server_rev: 0,
  };
  await old.collections.answers.insert(answer);
  await old.close();

  const db = await openDatabase({ name, indexedDB, IDBKeyRange, collections: ['answers'], devMode: true });
  try {
    expect(db.collections.answers.schema.version).toBe(2);
    expect((await db.collections.answers.findOne(answer.id).exec())?.toJSON()).toMatchObject({ ...answer, guest_id: null });
  } finally {
    await db.close();
  }
});

test('notifications stored under version 1 (sentences, issue 31 makes them codes) open under version 2 as one notification naming nobody', async () => {
  const indexedDB = new IDBFactory();
  const name = 'phone-before-notification-kinds';
  const added = ['actor_id', 'subject_id', 'group_count'];
  const versionOne = { ...COLLECTIONS.notifications.schema, version: 1, properties: Object.fromEntries(Object.entries(COLLECTIONS.notifications.schema.properties).filter(([key]) => !added.includes(key))) };
  const old = await createRxDatabase({
    name,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) }),
    multiInstance: false,
  });
  await old.addCollections({ notifications: { schema: versionOne as RxJsonSchema<unknown>, migrationStrategies: { 1: (doc: unknown) => doc } } });
  const notification = {
    id: '6f1c2a3e-0000-4000-8000-000000000011',
    recipient_id: '6f1c2a3e-0000-4000-8000-0000000000aa',
    notebook_id: '6f1c2a3e-0000-4000-8000-000000000001',
    answer_id: null,
    type: 'new_answer',
    title: 'Nova resposta',
    message: 'Ana respondeu ao seu caderno "Festa".',
    is_read: false,
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
    server_rev: 1,
  };
  await old.collections.notifications.insert(notification);
  await old.close();

  const db = await openDatabase({ name, indexedDB, IDBKeyRange, collections: ['notifications'], devMode: true });
  try {
    expect(db.collections.notifications.schema.version).toBe(2);
    expect((await db.collections.notifications.findOne(notification.id).exec())?.toJSON()).toMatchObject({
      ...notification, actor_id: null, subject_id: null, group_count: 1,
    });
  } finally {
    await db.close();
  }
});

import { describe, expect, test } from 'vitest';
import { grantableRoles } from './CollaborationPanel.tsx';
import { expiryDate, inviteUrl, linkState } from './links.ts';

describe('invite links as the share dialog shows them', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');

  test('the link is {origin}/n/{code}, without the language prefix (the reader picks theirs)', () => {
    expect(inviteUrl('ABC123', 'https://cadernos.example')).toBe('https://cadernos.example/n/ABC123');
  });

  test('an active link past its expiry date shows as expired; revoked stays revoked', () => {
    expect(linkState({ status: 'active', expires_at: null, server_rev: 1 }, now)).toBe('active');
    expect(linkState({ status: 'active', expires_at: '2026-11-23T12:00:00Z', server_rev: 1 }, now)).toBe('active');
    expect(linkState({ status: 'active', expires_at: '2026-11-22T11:59:59Z', server_rev: 1 }, now)).toBe('expired');
    expect(linkState({ status: 'revoked', expires_at: '2026-11-23T12:00:00Z', server_rev: 2 }, now)).toBe('revoked');
    expect(linkState({ status: 'expired', expires_at: null, server_rev: 2 }, now)).toBe('expired');
  });

  test('a link made on this device awaits activation until the server has it (a revision); its expiry still counts', () => {
    expect(linkState({ status: 'active', expires_at: null, server_rev: 0 }, now)).toBe('waiting');
    expect(linkState({ status: 'active', expires_at: '2026-11-22T11:59:59Z', server_rev: 0 }, now)).toBe('expired');
  });

  test('expiry choices are days from now, or none', () => {
    expect(expiryDate(null, now)).toBeNull();
    expect(expiryDate(7, now)).toBe('2026-11-29T12:00:00.000Z');
  });
});

describe('who may hand out which role (spec §6)', () => {
  test('the owner makes editors, collaborators and viewers; an editor everything but editors; others nothing', () => {
    expect(grantableRoles('owner')).toEqual(['editor', 'collaborator', 'viewer']);
    expect(grantableRoles('editor')).toEqual(['collaborator', 'viewer']);
    expect(grantableRoles('collaborator')).toEqual([]);
    expect(grantableRoles('viewer')).toEqual([]);
  });
});

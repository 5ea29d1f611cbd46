import { describe, expect, it } from 'vitest';
import type { ModerationStatus } from '../schemas/index.ts';
import { expectedAnswerStatus } from './answer-status.ts';

const stored = (moderation_status: ModerationStatus) => ({ moderation_status });
const open = { pre_moderation_enabled: false };
const premoderated = { pre_moderation_enabled: true };

describe('the status a saved answer will have', () => {
  it('a new answer is approved, or pending in a pre-moderated notebook unless its owner answers', () => {
    expect(expectedAnswerStatus(null, open, 'viewer')).toBe('approved');
    expect(expectedAnswerStatus(null, premoderated, 'viewer')).toBe('pending');
    expect(expectedAnswerStatus(null, premoderated, 'editor')).toBe('pending');
    expect(expectedAnswerStatus(null, premoderated, 'owner')).toBe('approved');
  });

  it('an edited answer goes back to pending with pre-moderation, and so does a rejected one', () => {
    expect(expectedAnswerStatus(stored('approved'), premoderated, 'viewer')).toBe('pending');
    expect(expectedAnswerStatus(stored('rejected'), open, 'viewer')).toBe('pending');
    expect(expectedAnswerStatus(stored('approved'), open, 'viewer')).toBe('approved');
  });

  it("a moderator's own answer keeps its state", () => {
    expect(expectedAnswerStatus(stored('approved'), premoderated, 'editor')).toBe('approved');
    expect(expectedAnswerStatus(stored('rejected'), open, 'collaborator')).toBe('rejected');
    expect(expectedAnswerStatus(stored('rejected'), premoderated, 'owner')).toBe('rejected');
  });
});

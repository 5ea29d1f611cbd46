import { describe, expect, it } from 'vitest';
import { checkDraft, checkFaqImage, FAQ_IMAGE_MAX_BYTES, type FaqDraft } from './content-admin.ts';

/** The FAQ image rules (issue 36; spec §5: 5 MB, PNG / JPG / WebP) and the draft's checks, before anything is sent. */
describe('FAQ image and draft checks', () => {
  it('takes PNG, JPG and WebP up to 5 MB, and nothing else', () => {
    expect(FAQ_IMAGE_MAX_BYTES).toBe(5 * 1024 * 1024);
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(checkFaqImage({ type, size: 5 * 1024 * 1024 })).toBeNull();
      expect(checkFaqImage({ type, size: 5 * 1024 * 1024 + 1 })).toBe('too_large');
    }
    for (const type of ['image/gif', 'image/svg+xml', 'application/pdf', '']) expect(checkFaqImage({ type, size: 10 })).toBe('invalid_file');
  });

  const draft: FaqDraft = {
    group_position: 0, group_pt_br: 'Cadernos', group_en_us: 'Notebooks', position: 1,
    question_pt_br: 'Posso imprimir?', question_en_us: 'Can I print?', answer_pt_br: 'Não.', answer_en_us: 'No.', image_path: null,
  };
  it('asks for every text in both languages and positions 0–999, as the table does', () => {
    expect(checkDraft(draft)).toBeNull();
    expect(checkDraft({ ...draft, question_en_us: '  ' })).toBe('validation');
    expect(checkDraft({ ...draft, answer_pt_br: '' })).toBe('validation');
    expect(checkDraft({ ...draft, group_en_us: 'x'.repeat(81) })).toBe('validation');
    expect(checkDraft({ ...draft, position: 1000 })).toBe('validation');
    expect(checkDraft({ ...draft, group_position: 1.5 })).toBe('validation');
  });
});

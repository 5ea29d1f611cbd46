import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n, type Messages } from '@lingui/core';
import { messages as notebooksPt } from '../locales/pt-BR/messages.po';
import { messages as notebooksEn } from '../locales/en-US/messages.po';
import { AnswerAuthorLabel } from './AnswerAuthorLabel.tsx';
import { answerAuthor, type Viewer } from './identity.ts';

/**
 * A signed answer is never called anonymous. Found by trying the product: a sharee's device holds
 * no profile of the other sharees (and an owner's device drops the profile of someone whose access
 * was removed), so Eva's signed "Amarelo! assinado: Eva" was labelled "Anônimo" on Caio's phone.
 */
const CATALOGS: Record<'pt-BR' | 'en-US', Messages> = { 'pt-BR': notebooksPt, 'en-US': notebooksEn };

afterEach(cleanup);

function label(locale: 'pt-BR' | 'en-US', answer: { user_id: string | null; is_anonymous: boolean; responder_name: string | null }, viewer: Viewer) {
  i18n.loadAndActivate({ locale, messages: CATALOGS[locale] });
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <AnswerAuthorLabel author={answerAuthor(answer, viewer, new Map())} />
    </I18nProvider>,
  );
  return container.textContent;
}

const caio: Viewer = { userId: 'caio', isOwner: false };
const owner: Viewer = { userId: 'lia', isOwner: true };
const signedByEva = { user_id: 'eva', is_anonymous: false, responder_name: null };

describe('the author of an answer whose writer this device does not know', () => {
  it('a signed answer says it comes from a participant, not that it is anonymous', () => {
    expect(label('pt-BR', signedByEva, caio)).toBe('Participante');
    expect(label('en-US', signedByEva, caio)).toBe('Participant');
    expect(label('pt-BR', signedByEva, owner)).toBe('Participante');
  });

  it('an anonymous answer stays anonymous', () => {
    expect(label('pt-BR', { ...signedByEva, is_anonymous: true }, caio)).toBe('Anônimo');
    expect(label('en-US', { ...signedByEva, is_anonymous: true }, owner)).toBe('Anonymous');
  });
});

/**
 * The words of "Passar o caderno" and of claiming (issue 21) for the codes of the data layer and
 * the server (src/data/problems.ts: ROUND_PROBLEM_CODES, CLAIM_REFUSAL_CODES, and any answer's
 * codes). messages.test.ts fails when a code lacks words in either language.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { RoundProblem, RoundProblemCode } from '../../../data/problems.ts';
import { problemMessage } from '../common/messages.ts';

/** What the round or the claim was doing: the general sentence differs. */
export type PartyStep = 'round' | 'answer' | 'claim';

export function partyProblemMessage(problem: Pick<RoundProblem, 'code'>, step: PartyStep): MessageDescriptor {
  const code: RoundProblemCode = problem.code;
  switch (code) {
    case 'round_active':
      return msg`Já há uma rodada acontecendo neste aparelho. Encerre-a antes de começar outra.`;
    case 'no_round':
      return msg`Nenhuma rodada está acontecendo neste aparelho.`;
    case 'wrong_secret':
      return msg`PIN ou senha incorretos.`;
    case 'pin_invalid':
      return msg`O PIN deve ter de 4 a 8 números.`;
    case 'password_too_short':
      return msg`A senha deve ter pelo menos 6 caracteres.`;
    case 'not_account_password':
      return msg`Esta não é a senha da sua conta. Digite a senha com que você entra no Cadernos, ou use um PIN.`;
    case 'guest_name_empty':
      return msg`Escreva seu nome.`;
    case 'guest_name_too_long':
      return msg`O nome pode ter no máximo 50 caracteres.`;
    case 'not_your_turn':
      return msg`Esta vez já terminou. Passe o caderno para a próxima pessoa.`;
    case 'claim_not_synced':
      return msg`Nenhuma resposta deste código chegou ao servidor ainda: elas continuam no celular em que foram escritas. Depois que aquele celular ficar online, resgate com este mesmo código.`;
    case 'claim_invalid':
      return msg`Código inválido. Confira as 12 letras e números e tente de novo.`;
    case 'claim_already_claimed':
      return msg`Estas respostas já foram resgatadas por outra conta.`;
    case 'claim_host':
      return msg`Você conduziu esta rodada: as respostas dos convidados não podem ser suas.`;
    case 'too_many_attempts':
      return msg`Muitos códigos errados em pouco tempo. Espere alguns minutos e tente de novo.`;
    case 'online_only':
      return step === 'claim' ? msg`Sem conexão: resgatar respostas precisa de internet.` : problemMessage({ code }, 'answer');
    case 'forbidden_words':
      return step === 'answer' ? problemMessage({ code }, 'answer') : msg`Remova as palavras proibidas`;
    case 'access_removed':
      return step === 'claim'
        ? msg`O dono deste caderno removeu seu acesso: estas respostas não podem ser resgatadas.`
        : problemMessage({ code }, 'answer');
    default:
      if (step === 'claim') return msg`Não foi possível resgatar as respostas. Tente novamente.`;
      return problemMessage({ code }, 'answer');
  }
}

/** The sentence with the forbidden words after it. */
export function roundProblemText(i18n: I18n, problem: Pick<RoundProblem, 'code' | 'words'>, step: PartyStep): string {
  const sentence = i18n._(partyProblemMessage(problem, step));
  const words = problem.words?.join(', ');
  return words ? `${sentence}: ${words}` : sentence;
}

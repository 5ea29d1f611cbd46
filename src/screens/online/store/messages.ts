/**
 * The store's words, by code (issue 35): the data layer and the server speak in codes
 * (src/data/online/store.ts StoreProblem); these are the sentences.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { GuardianState, ItemType, Purchase, StoreCategory, StoreProblem } from '../../../data/online/store.ts';

export function storeProblemMessage(problem: StoreProblem): MessageDescriptor {
  switch (problem) {
    case 'offline':
      return msg`Você está sem internet. Conecte-se para usar a loja.`;
    case 'not_authenticated':
      return msg`Entre na sua conta para usar a loja.`;
    case 'store_beta_only':
      return msg`A loja sazonal está em fase de testes: só pessoas convidadas podem usá-la por enquanto.`;
    case 'item_unavailable':
      return msg`Este item não está mais à venda.`;
    case 'item_not_free':
      return msg`Este item não é grátis.`;
    case 'item_free':
      return msg`Este item é grátis: é só pegar.`;
    case 'already_owned':
      return msg`Você já tem este item.`;
    case 'guardian_required':
      return msg`Compras de quem tem menos de 18 anos precisam da confirmação de um responsável, e sua conta não tem o e-mail de um. Itens grátis continuam liberados.`;
    case 'guardian_mail_rate_limited':
      return msg`Seu responsável já recebeu vários pedidos hoje. Tente de novo amanhã.`;
    case 'guardian_address_rate_limited':
      return msg`O e-mail do seu responsável já recebeu o máximo de pedidos de compra por hoje. Tente de novo amanhã; nada foi cobrado.`;
    case 'account_banned':
      return msg`Sua conta foi banida.`;
    case 'not_allowed':
      return msg`Você não tem permissão para isso.`;
    case 'validation':
      return msg`Confira os dados e tente de novo.`;
    case 'server':
      return msg`Não foi possível falar com a loja. Tente de novo.`;
  }
}

export function categoryName(category: StoreCategory): MessageDescriptor {
  switch (category) {
    case 'theme':
      return msg`Tema`;
    case 'paper_style':
      return msg`Estilo de papel`;
    case 'sticker_pack':
      return msg`Pacote de adesivos`;
    case 'cover_style':
      return msg`Estilo de capa`;
  }
}

export function itemTypeName(type: ItemType): MessageDescriptor {
  switch (type) {
    case 'free':
      return msg`Grátis`;
    case 'ad':
      return msg`Com anúncio`;
    case 'promo':
      return msg`Promoção`;
    case 'exclusive':
      return msg`Exclusivo`;
  }
}

export function purchaseStatusName(status: Purchase['status']): MessageDescriptor {
  switch (status) {
    case 'pending':
      return msg`Aguardando pagamento`;
    case 'paid':
      return msg`Pago`;
    case 'failed':
      return msg`Pagamento recusado`;
    case 'cancelled':
      return msg`Cancelado`;
    case 'awaiting_guardian':
      return msg`Aguardando o responsável`;
    case 'refused':
      return msg`Recusado pelo responsável`;
    case 'expired':
      return msg`Pedido ao responsável expirado`;
  }
}

/** What the store says of an item a minor asked the guardian for (issue 35). */
export function guardianStateMessage(state: GuardianState): MessageDescriptor {
  switch (state) {
    case 'asked':
      return msg`Pedimos a confirmação do seu responsável por e-mail. Nada foi cobrado. Quando ele confirmar, você poderá pagar aqui.`;
    case 'confirmed':
      return msg`Seu responsável confirmou esta compra. Você pode pagar quando quiser.`;
    case 'refused':
      return msg`Seu responsável recusou esta compra. Nada foi cobrado.`;
    case 'expired':
      return msg`O pedido ao seu responsável não foi respondido a tempo. Nada foi cobrado.`;
  }
}

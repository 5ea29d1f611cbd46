import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { IconName } from '../Icon.tsx';

/**
 * What the frame shows around each route of src/app/routes.ts (keyed by the same patterns): the
 * screen's name in the top bar, where "back" leads, and which place of the navigation it belongs to.
 */
export interface FrameScreen {
  /** The name in the top bar; none: the app's own name (the landing page). */
  title?: MessageDescriptor;
  /**
   * Where back leads when there is no earlier page of the app to return to (a link opened from
   * outside); the route's parameters fill the pattern. None: no back button (a main place).
   */
  parent?: string;
  place?: PlaceId;
  /**
   * Online-only (ARCHITECTURE §2, issue 22: profiles, settings, news, store, admin; signing in or
   * up, the contact form): nothing done
   * here waits on the device to be sent later, so offline the status line says only that the phone
   * is offline — never that something "will be sent".
   */
  onlineOnly?: true;
}

export type PlaceId = 'notebooks' | 'news' | 'friends' | 'notifications' | 'profile';

export interface Place {
  id: PlaceId;
  label: MessageDescriptor;
  icon: IconName;
  /** None: the place's screen is not built yet; the navigation keeps its slot for it. */
  href: string | null;
}

/** The main places of the signed-in app, in the order of the navigation (issue 20). */
export const PLACES: Place[] = [
  { id: 'notebooks', label: msg`Cadernos`, icon: 'notebook', href: '/meus-cadernos' },
  { id: 'news', label: msg`Novidades`, icon: 'news', href: '/timeline' },
  { id: 'friends', label: msg`Amigos`, icon: 'users', href: '/amigos' },
  { id: 'notifications', label: msg`Notificações`, icon: 'bell', href: '/notificacoes' },
  { id: 'profile', label: msg`Perfil`, icon: 'user', href: '/profile' },
];

export const FRAME_SCREENS: Record<string, FrameScreen> = {
  '/': {},
  '/login': { title: msg`Entrar`, parent: '/', onlineOnly: true },
  '/register': { title: msg`Criar conta`, parent: '/', onlineOnly: true },
  '/forgot-password': { title: msg`Recuperar senha`, parent: '/login', onlineOnly: true },
  '/reset-password': { title: msg`Nova senha`, parent: '/login', onlineOnly: true },
  '/guardian/:token': { title: msg`Confirmação do responsável`, parent: '/', onlineOnly: true },
  '/guardian/purchase/:token': { title: msg`Pedido de compra`, parent: '/', onlineOnly: true },
  '/timeline': { title: msg`Novidades`, place: 'news', onlineOnly: true },
  '/amigos': { title: msg`Amigos`, place: 'friends', onlineOnly: true },
  '/friends': { title: msg`Amigos`, place: 'friends', onlineOnly: true },
  '/meus-cadernos': { title: msg`Meus cadernos`, place: 'notebooks' },
  '/notificacoes': { title: msg`Notificações`, place: 'notifications' },
  '/notifications': { title: msg`Notificações`, place: 'notifications' },
  '/settings': { title: msg`Configurações`, parent: '/profile', place: 'profile', onlineOnly: true },
  '/profile': { title: msg`Perfil`, place: 'profile', onlineOnly: true },
  // Someone's profile belongs to no place of the navigation (issue 29: it lit "Novidades"); one's
  // own, opened by its address, is "Perfil" (PlacesNav).
  '/profile/:username': { title: msg`Perfil`, parent: '/timeline', onlineOnly: true },
  '/create': { title: msg`Criar caderno`, parent: '/meus-cadernos', place: 'notebooks' },
  '/notebook/:id': { title: msg`Caderno`, parent: '/meus-cadernos', place: 'notebooks' },
  '/notebook/:id/edit': { title: msg`Editar caderno`, parent: '/notebook/:id', place: 'notebooks' },
  // A round keeps the phone in it (issue 21): no back, no place to leave to.
  '/notebook/:id/rodada': { title: msg`Passar o caderno`, place: 'notebooks' },
  '/claim': { title: msg`Resgatar respostas`, parent: '/meus-cadernos', place: 'notebooks' },
  '/claim/:code': { title: msg`Resgatar respostas`, parent: '/meus-cadernos', place: 'notebooks' },
  '/moderation/answers/:notebookId': { title: msg`Moderar respostas`, parent: '/notebook/:notebookId', place: 'notebooks' },
  '/manage-profile': { title: msg`Perfil público`, parent: '/profile', place: 'profile', onlineOnly: true },
  '/admin': { title: msg`Administração`, parent: '/', onlineOnly: true },
  '/n/:code': { title: msg`Convite`, place: 'notebooks' },
  '/loja-sazonal': { title: msg`Loja sazonal`, parent: '/', onlineOnly: true },
  '/loja-sazonal/sucesso': { title: msg`Loja sazonal`, parent: '/loja-sazonal', onlineOnly: true },
  '/terms': { title: msg`Termos de uso`, parent: '/' },
  '/privacy': { title: msg`Privacidade`, parent: '/' },
  '/sobre': { title: msg`Sobre`, parent: '/' },
  '/contato': { title: msg`Contato`, parent: '/', onlineOnly: true },
  '/faq': { title: msg`Perguntas frequentes`, parent: '/' },
  '/cookies': { title: msg`Cookies`, parent: '/' },
};

/** The not-found page. */
export const UNKNOWN_SCREEN: FrameScreen = { parent: '/' };

/** `/notebook/:id` with `{ id: 'x' }` → `/notebook/x`. */
export function fillPattern(pattern: string, params: Record<string, string | undefined>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

import { loadCatalogArea, type CatalogArea } from '../locale/i18n.ts';
import { registerPages, type PageLoader, type RouteDef } from '../navigation/pages.ts';

export type { PageLoader, RouteDef };

/** A page whose texts live in an area catalog: the page's code and its catalog load together. */
const withCatalog =
  (area: CatalogArea, load: PageLoader): PageLoader =>
  () =>
    Promise.all([load(), loadCatalogArea(area)]).then(([page]) => page);

const loadNotifications = withCatalog('notifications', () => import('../screens/Notifications/NotificationsScreen.tsx'));

/** Every route of spec §2. Each page is its own chunk, loaded on first visit. */
export const ROUTES: RouteDef[] = [
  { path: '/', load: () => import('../screens/Home/HomeScreen.tsx'), static: true },
  { path: '/login', load: withCatalog('accounts', () => import('../screens/Login/LoginScreen.tsx')), needs: 'session' },
  { path: '/register', load: withCatalog('accounts', () => import('../screens/Register/RegisterScreen.tsx')), needs: 'session' },
  { path: '/forgot-password', load: withCatalog('accounts', () => import('../screens/ForgotPassword/ForgotPasswordScreen.tsx')), needs: 'session' },
  { path: '/reset-password', load: withCatalog('accounts', () => import('../screens/ResetPassword/ResetPasswordScreen.tsx')), needs: 'session' },
  { path: '/timeline', load: withCatalog('profiles', () => import('../screens/Timeline/TimelineScreen.tsx')) },
  // issue 31: the notifications (English speakers may type /en/notifications too: one loader)
  { path: '/notificacoes', load: loadNotifications },
  { path: '/notifications', load: loadNotifications },
  // issue 31: friends (English speakers may type /en/friends too)
  { path: '/amigos', load: withCatalog('profiles', () => import('../screens/Friends/FriendsScreen.tsx')) },
  { path: '/friends', load: withCatalog('profiles', () => import('../screens/Friends/FriendsScreen.tsx')) },
  { path: '/meus-cadernos', load: withCatalog('notebooks', () => import('../screens/Dashboard/DashboardScreen.tsx')) },
  { path: '/settings', load: withCatalog('accounts', withCatalog('profiles', withCatalog('notebooks', () => import('../screens/Settings/SettingsScreen.tsx')))), needs: 'session' },
  { path: '/profile', load: withCatalog('profiles', () => import('../screens/Profile/ProfileScreen.tsx')), needs: 'session' },
  { path: '/profile/:username', load: withCatalog('profiles', () => import('../screens/Profile/ProfileScreen.tsx')), needs: 'session' },
  { path: '/create', load: withCatalog('notebooks', () => import('../screens/CreateNotebook/CreateNotebookScreen.tsx')) },
  { path: '/notebook/:id', load: withCatalog('notebooks', () => import('../screens/NotebookView/NotebookViewScreen.tsx')) },
  { path: '/notebook/:id/edit', load: withCatalog('notebooks', () => import('../screens/NotebookEdit/NotebookEditScreen.tsx')) },
  { path: '/notebook/:id/rodada', load: withCatalog('notebooks', () => import('../screens/Round/RoundScreen.tsx')) },
  { path: '/claim', load: withCatalog('notebooks', () => import('../screens/Claim/ClaimScreen.tsx')), needs: 'session' },
  { path: '/claim/:code', load: withCatalog('notebooks', () => import('../screens/Claim/ClaimScreen.tsx')), needs: 'session' },
  { path: '/moderation/answers/:notebookId', load: withCatalog('notebooks', () => import('../screens/Moderation/ModerationScreen.tsx')) },
  // issue 22: a minor's guardian confirms from the mailed link (no account needed)
  { path: '/guardian/:token', load: withCatalog('accounts', () => import('../screens/safety/GuardianScreen.tsx')), needs: 'session' },
  // issue 35: a minor's guardian confirms or declines a store purchase from the mailed link (no account needed)
  { path: '/guardian/purchase/:token', load: withCatalog('accounts', () => import('../screens/safety/GuardianPurchaseScreen.tsx')), needs: 'session' },
  { path: '/manage-profile', load: withCatalog('profiles', () => import('../screens/ManageProfile/ManageProfileScreen.tsx')), needs: 'session' },
  // issue 33: the admin panel; OnlineData's words are the profiles area's
  { path: '/admin', load: withCatalog('admin', withCatalog('profiles', () => import('../screens/Admin/AdminScreen.tsx'))), needs: 'admin' },
  { path: '/n/:code', load: withCatalog('invite', () => import('../screens/Invite/InviteScreen.tsx')), needs: 'session' },
  // issue 35: the seasonal store; its words are the profiles area's (src/screens/online/store)
  { path: '/loja-sazonal', load: withCatalog('profiles', () => import('../screens/Store/StoreScreen.tsx')), needs: 'session' },
  { path: '/loja-sazonal/sucesso', load: withCatalog('profiles', () => import('../screens/StoreSuccess/StoreSuccessScreen.tsx')), needs: 'session' },
  { path: '/terms', load: withCatalog('pages', () => import('../screens/Terms/TermsScreen.tsx')), static: true },
  { path: '/privacy', load: withCatalog('pages', () => import('../screens/Privacy/PrivacyScreen.tsx')), static: true },
  { path: '/sobre', load: withCatalog('pages', () => import('../screens/About/AboutScreen.tsx')), static: true },
  { path: '/contato', load: withCatalog('pages', () => import('../screens/Contact/ContactScreen.tsx')), static: true },
  { path: '/faq', load: withCatalog('pages', () => import('../screens/Faq/FaqScreen.tsx')), static: true },
  { path: '/cookies', load: withCatalog('pages', () => import('../screens/Cookies/CookiesScreen.tsx')), static: true },
];

export const loadNotFound: PageLoader = () => import('../screens/NotFound/NotFoundScreen.tsx');

// The layers below the shell ask about pages through src/navigation/pages.ts.
registerPages(ROUTES, loadNotFound);

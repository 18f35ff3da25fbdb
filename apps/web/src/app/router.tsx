import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './layout/root-layout';

// Route-level code splitting: the sign-in screen never downloads the app's screens.
const StoreRoute = lazy(() => import('./routes/store'));
const AssistantsRoute = lazy(() => import('./routes/assistants'));
const ChatRoute = lazy(() => import('./routes/chat'));
const ConversationsRoute = lazy(() => import('./routes/conversations'));
const DashboardRoute = lazy(() => import('./routes/dashboard'));
const TemplatesRoute = lazy(() => import('./routes/templates'));
const SocialRoute = lazy(() => import('./routes/social'));
const AccountRoute = lazy(() => import('./routes/account'));
const ShopPreferencesRoute = lazy(() => import('./routes/shop-preferences'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password'));
const VerifyEmailRoute = lazy(() => import('./routes/verify-email'));
const SharedChatRoute = lazy(() => import('./routes/shared-chat'));
const ShopInstallRoute = lazy(() => import('./routes/shop-install'));
const ShopCallbackRoute = lazy(() => import('./routes/shop-callback'));
const StaffAnnouncementsRoute = lazy(() => import('./routes/staff-announcements'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

/** Every route of spec §2. The root layout decides between public pages, sign-in and the shell. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<Navigate to={paths.dashboard} replace />} />
        <Route path={paths.appWrapper} element={<Navigate to={paths.home} replace />} />
        <Route path={paths.store} element={<StoreRoute />} />
        <Route path={paths.assistants} element={<AssistantsRoute />} />
        <Route path={paths.chat} element={<ChatRoute />} />
        <Route path={paths.conversations} element={<ConversationsRoute />} />
        <Route path={paths.dashboard} element={<DashboardRoute />} />
        <Route path={paths.templates} element={<TemplatesRoute />} />
        <Route path={paths.social} element={<SocialRoute />} />
        <Route path={paths.account} element={<AccountRoute />} />
        <Route path={paths.shopPreferences} element={<ShopPreferencesRoute />} />
        <Route path={paths.staffAnnouncements} element={<StaffAnnouncementsRoute />} />
        <Route path={paths.resetPassword} element={<ResetPasswordRoute />} />
        <Route path={paths.verifyEmail} element={<VerifyEmailRoute />} />
        <Route path={paths.sharedChat} element={<SharedChatRoute />} />
        <Route path={paths.shopInstall} element={<ShopInstallRoute />} />
        <Route path={paths.shopCallback} element={<ShopCallbackRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}

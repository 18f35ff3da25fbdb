import { MERCHANT_LANGUAGES } from '@aisle/contracts/languages';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '@/components/alerts/alert-store';
import { DEFAULT_TIER } from '@/config/constants';
import { paths } from '@/config/paths';
import { SESSION_REVALIDATE_MS } from '@/features/shopify/app-bridge';
import { i18n } from '@/i18n/i18n';
import {
  confirmEmailRequest,
  loginRequest,
  passwordResetConfirmRequest,
  passwordResetRequest,
  resendVerificationRequest,
  signUpRequest,
} from './auth-api';
import { authMessages, describeAuthError } from './auth-messages';
import { type AuthUser, isEmbeddedUser } from './auth-storage';
import { forgetReturnPath, takeReturnPath } from './return-path';
import { createSessionStore, type SessionStore } from './session-store';
import { shopifyEmbedding } from './shopify-embedding';

export interface AuthContextValue {
  loading: boolean;
  user: AuthUser | null;
  accessToken: string | null;
  isAuthenticated: boolean;
  /** Spec §4: a store-platform user runs the app embedded (no log out, platform sign-in). */
  isEmbedded: boolean;
  sessionStore: SessionStore;
  login(email: string, password: string): Promise<void>;
  signUp(email: string, password: string): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  /** Sends a new verification link to an address still waiting for one (the same answer either way). */
  resendVerification(email: string): Promise<void>;
  confirmPasswordReset(uid: string, token: string, newPassword: string): Promise<void>;
  /** Follows a verification link; `already-verified` when it had been followed before. */
  confirmEmail(key: string): Promise<'verified' | 'already-verified' | 'email-changed'>;
  logout(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Runs a call; on failure shows the spec §8 alert for it and rethrows for the caller's own handling. */
async function withAlert<T>(run: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    showAlert(describeAuthError(error, fallback));
    throw error;
  }
}

export function AuthProvider({ children, sessionStore: given }: { children: ReactNode; sessionStore?: SessionStore }) {
  const sessionStore = useMemo(() => given ?? createSessionStore({ embedded: shopifyEmbedding }), [given]);
  const state = useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
  const navigate = useNavigate();

  useEffect(() => {
    sessionStore.initialise({
      href: window.location.href,
      replace: (url) => window.history.replaceState(window.history.state, '', url),
    });
  }, [sessionStore]);

  // Spec §4: inside the admin the bridge's session is validated again every 180000 ms.
  const embeddedUser = isEmbeddedUser(state.session?.user ?? null) && !state.session?.refreshToken;
  useEffect(() => {
    if (!embeddedUser) return;
    const timer = setInterval(() => void sessionStore.embeddedSignIn(), SESSION_REVALIDATE_MS);
    return () => clearInterval(timer);
  }, [embeddedUser, sessionStore]);

  const value = useMemo<AuthContextValue>(() => {
    const user = state.session?.user ?? null;
    return {
      loading: state.loading,
      user,
      accessToken: state.session?.accessToken ?? null,
      isAuthenticated: !!state.session?.accessToken,
      isEmbedded: isEmbeddedUser(user),
      sessionStore,
      login: async (email, password) => {
        const response = await withAlert(() => loginRequest(email, password), authMessages.loginFailed);
        if (!response.access || !response.user) {
          showAlert({ variant: 'destructive', message: authMessages.loginResponseInvalid });
          throw new Error(authMessages.loginResponseInvalid);
        }
        sessionStore.signIn({
          accessToken: response.access,
          refreshToken: response.refresh ?? null,
          user: {
            email: response.user.email,
            admin: response.user.is_staff === true,
            tier: response.user.tier || DEFAULT_TIER,
            user_avatar_url: response.user.user_avatar_url ?? null,
          },
        });
        // Spec §4: /account; back where they were when their session had ended by itself.
        navigate(takeReturnPath() ?? paths.account);
      },
      signUp: (email, password) =>
        withAlert(async () => {
          // The account's e-mails come in the language the merchant is reading.
          const language = (MERCHANT_LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : undefined;
          await signUpRequest(email, password, language);
          showAlert({ variant: 'success', message: authMessages.signUpSucceeded });
        }, authMessages.signUpFailed),
      requestPasswordReset: (email) =>
        withAlert(async () => {
          await passwordResetRequest(email);
          showAlert({ variant: 'success', message: authMessages.resetRequestSucceeded });
        }, authMessages.resetRequestFailed),
      resendVerification: (email) =>
        withAlert(async () => {
          await resendVerificationRequest(email);
          showAlert({ variant: 'success', message: authMessages.verificationResent });
        }, authMessages.resendFailed),
      confirmPasswordReset: (uid, token, newPassword) =>
        withAlert(async () => {
          await passwordResetConfirmRequest(uid, token, newPassword);
          showAlert({ variant: 'success', message: authMessages.resetSucceeded });
        }, authMessages.resetFailed),
      confirmEmail: (key) =>
        withAlert(async () => {
          const answer = await confirmEmailRequest(key);
          // A second visit is no news: the page says so, without a success alert.
          if (answer.already_verified) return 'already-verified' as const;
          // A new address confirmed: every session of the account ended; sign in with the new one.
          if (answer.email_changed) {
            sessionStore.signOut();
            return 'email-changed' as const;
          }
          showAlert({ variant: 'success', message: authMessages.emailVerified });
          return 'verified' as const;
        }, authMessages.confirmEmailFailed),
      logout: () => {
        forgetReturnPath();
        sessionStore.signOut();
      },
    };
  }, [state, sessionStore, navigate]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { graphql } from '@/graphql/graphql';
import { billingKeys } from '../api/billing-keys';

const ON_UPDATE_ACCOUNT = graphql('subscription OnUpdateAccount { onUpdateAccount { tier availableUsd checkoutId checkoutStatus } }');

/**
 * The account, live (GraphQL `onUpdateAccount`): a new tier or balance, or a checkout the provider
 * confirmed, refreshes the Account screen's billing data without a reload, and a new tier goes
 * into the stored session's user too (the user menu's "Upgrade tier" follows it).
 */
export function useAccountLive() {
  const { client } = useAppSync();
  const { user, sessionStore } = useAuth();
  const email = user?.email;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!client || !email) return;
    return client.subscribe(ON_UPDATE_ACCOUNT, undefined, {
      next: ({ onUpdateAccount: status }) => {
        if (!status) return;
        if (status.tier) sessionStore.updateUser({ tier: status.tier });
        void queryClient.invalidateQueries({ queryKey: billingKeys.all(email) });
      },
      error: (cause) => console.warn('account subscription failed', cause),
    });
  }, [client, email, queryClient, sessionStore]);
}

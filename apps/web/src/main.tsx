import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { paths } from './config/paths';
import { captureShopFromUrl } from './features/shopify/integration-state';
import { preferredMerchantLanguage, preferredShopperLanguage, startI18n } from './i18n/i18n';

captureShopFromUrl(window.location.href);

// A shopper on the public chat reads it in their language (the widget passes its host page's);
// a merchant in the one they chose, or their browser's.
const shopper = window.location.pathname.startsWith(paths.sharedChat);
const language = shopper ? preferredShopperLanguage(new URLSearchParams(window.location.search).get('lang')) : preferredMerchantLanguage();
// Rendering starts at once; screens wait (Suspense) only for the words they read.
void startI18n(language, shopper ? ['shopper'] : ['common', 'auth']);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

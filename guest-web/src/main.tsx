import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.js';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The check-in page comes prerendered (prerender-entry-route.ts): React takes over its markup.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);

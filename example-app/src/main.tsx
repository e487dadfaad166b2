import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { setCurrentUser } from './api/resources';
import { App } from './components/App';
import { store } from './store';
import './styles.css';

setCurrentUser(store.getState().session.user ?? undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
);

import Link from 'next/link';
import type { ReactNode } from 'react';
import { StoreProvider } from './StoreProvider';
import './styles.css';

export const metadata = { title: 'rtk-rest on Next.js' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header>
          <h1>rtk-rest blog</h1>
          <nav>
            <Link href="/">Posts</Link> · <Link href="/slow">Streamed</Link> · <Link href="/me">My page</Link> · <Link href="/login">Log in</Link>
          </nav>
        </header>
        <StoreProvider>
          <main>{children}</main>
        </StoreProvider>
      </body>
    </html>
  );
}

import { Box, Flex, Link } from '@chakra-ui/react';
import { Suspense, useCallback, useState } from 'react';
import { Outlet } from 'react-router-dom';
import type { CurrentUser } from '@caseload/contract/auth';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { IdleSignOut } from '../../features/auth/index.ts';
import { DeletionBanner } from '../../features/security/index.ts';
import { useDismiss } from '../../lib/useDismiss.ts';
import { Header } from './Header.tsx';
import { Sidebar } from './Sidebar.tsx';

/** The frame around every signed-in page: fixed sidebar, header, and the page in <main>. */
export function Shell({ user }: { user: CurrentUser }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useDismiss(menuOpen, closeMenu);

  return (
    <Flex minH="100vh" bg="gray.50">
      <Link
        href="#main-content"
        position="absolute"
        left="-9999px"
        zIndex="skipLink"
        _focus={{ left: '4', top: '4', bg: 'white', p: '2', borderRadius: 'md' }}
      >
        Skip to content
      </Link>
      <IdleSignOut user={user} />
      <Sidebar user={user} open={menuOpen} onClose={closeMenu} />
      {menuOpen && <Box position="fixed" inset="0" bg="blackAlpha.600" zIndex="overlay" hideFrom="lg" onClick={closeMenu} aria-hidden="true" />}
      <Flex direction="column" flex="1" minW="0" ms={{ lg: '64' }}>
        <Header menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />
        <DeletionBanner />
        <Box as="main" id="main-content" flex="1" p={{ base: '4', md: '8' }} tabIndex={-1}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}

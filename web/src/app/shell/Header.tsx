import { Flex, IconButton, Spacer, Text } from '@chakra-ui/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MenuIcon, SettingsIcon } from '../../components/icons.tsx';
import { SaveQueueStatus } from '../../features/sessions/index.ts';
import { sectionTitle } from './navigation.ts';
import { NotificationsButton } from './NotificationsButton.tsx';
import { SIDEBAR_ID } from './Sidebar.tsx';

interface HeaderProps {
  menuOpen: boolean;
  onOpenMenu: () => void;
}

export function Header({ menuOpen, onOpenMenu }: HeaderProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  return (
    <Flex as="header" align="center" gap="2" h="16" px={{ base: '3', md: '6' }} bg="white" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <IconButton
        aria-label="Open navigation menu"
        aria-controls={SIDEBAR_ID}
        aria-expanded={menuOpen}
        variant="ghost"
        display={{ lg: 'none' }}
        onClick={onOpenMenu}
      >
        <MenuIcon />
      </IconButton>
      {/* The page itself carries the h1; this is the section name for orientation. */}
      <Text fontSize="lg" fontWeight="semibold">
        {sectionTitle(pathname)}
      </Text>
      <Spacer />
      <SaveQueueStatus />
      <NotificationsButton />
      <IconButton aria-label="Settings" variant="ghost" onClick={() => void navigate('/security')}>
        <SettingsIcon />
      </IconButton>
    </Flex>
  );
}

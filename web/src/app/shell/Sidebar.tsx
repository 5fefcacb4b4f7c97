import { Box, Circle, Flex, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import type { CurrentUser } from '@caseload/contract/auth';
import { CloseIcon } from '../../components/icons.tsx';
import { SignOutButton } from '../../features/auth/index.ts';
import { visibleNavItems } from './navigation.ts';
import { roleLabels } from '@caseload/contract/enums';

export const SIDEBAR_ID = 'app-sidebar';

interface SidebarProps {
  user: CurrentUser;
  /** Only matters below the lg breakpoint, where the sidebar slides in over the page. */
  open: boolean;
  onClose: () => void;
}

export function Sidebar({ user, open, onClose }: SidebarProps) {
  return (
    <Flex
      as="aside"
      id={SIDEBAR_ID}
      direction="column"
      position="fixed"
      insetY="0"
      left="0"
      w="64"
      bg="white"
      borderRightWidth="1px"
      zIndex="modal"
      transition="transform 0.2s"
      transform={{ base: open ? 'translateX(0)' : 'translateX(-100%)', lg: 'none' }}
      // Hidden off-screen links must not take keyboard focus.
      visibility={{ base: open ? 'visible' : 'hidden', lg: 'visible' }}
    >
      <Flex align="center" justify="space-between" px="5" h="16" borderBottomWidth="1px">
        <Text fontSize="xl" fontWeight="bold" color="blue.700">
          Caseload
        </Text>
        <IconButton aria-label="Close navigation menu" variant="ghost" size="sm" display={{ lg: 'none' }} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Flex>
      <Box as="nav" aria-label="Main" flex="1" overflowY="auto" p="3">
        <Stack as="ul" gap="1" listStyleType="none">
          {visibleNavItems(user).map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <Link
                asChild
                display="flex"
                alignItems="center"
                gap="3"
                px="3"
                py="2"
                borderRadius="md"
                color="gray.700"
                textDecoration="none"
                _hover={{ bg: 'gray.100', textDecoration: 'none' }}
                _currentPage={{ bg: 'blue.50', color: 'blue.700', fontWeight: 'semibold' }}
              >
                <NavLink to={to} end={to === '/'} onClick={onClose}>
                  <Icon />
                  {label}
                </NavLink>
              </Link>
            </li>
          ))}
        </Stack>
      </Box>
      <UserPanel user={user} />
    </Flex>
  );
}

function UserPanel({ user }: { user: CurrentUser }) {
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

  return (
    <Stack borderTopWidth="1px" p="4" gap="3">
      <Flex align="center" gap="3">
        <Circle size="10" bg="blue.600" color="white" fontWeight="semibold" aria-hidden="true">
          {initials}
        </Circle>
        <Box minW="0">
          <Text fontWeight="medium" truncate>
            {user.firstName} {user.lastName}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {roleLabels[user.role]}
          </Text>
        </Box>
      </Flex>
      <SignOutButton userId={user.id} />
    </Stack>
  );
}

/** The tab an address asks for: a notification about a vote opens the poll tab, a friend request the requests. */
import { cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, expect, it } from 'vitest';
import { useTabFromAddress } from './tabs.ts';

afterEach(cleanup);

const TABS = ['guestbook', 'poll'] as const;

function Shown() {
  return <p>{useTabFromAddress(TABS, 'guestbook')}</p>;
}

function at(path: string) {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Shown />
    </Router>,
  );
}

it('opens the tab the address names', () => {
  at('/manage-profile?tab=poll');
  expect(screen.getByText('poll')).toBeTruthy();
});

it('opens the first tab when the address names none, or one that does not exist', () => {
  at('/manage-profile');
  expect(screen.getByText('guestbook')).toBeTruthy();
  cleanup();
  at('/manage-profile?tab=admin');
  expect(screen.getByText('guestbook')).toBeTruthy();
});

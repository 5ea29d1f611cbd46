/**
 * How a menu closes when the focus leaves it. A CI run found the language menu still open after Tab
 * had taken the focus past the page's last control, out to the browser (a focus leaving to nothing).
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, expect, it } from 'vitest';
import { useMenu } from './useMenu.ts';

afterEach(cleanup);

function Menu() {
  const menu = useMenu();
  return (
    <>
      <div ref={menu.root}>
        <button {...menu.toggleProps}>Menu</button>
        <div id={menu.panelId} hidden={!menu.open} data-testid="panel">
          <button>Escuro</button>
          <p>Texto sem foco</p>
        </div>
      </div>
      <a href="/faq">Depois</a>
    </>
  );
}

function openMenu() {
  render(
    <Router hook={memoryLocation({ path: '/' }).hook}>
      <Menu />
    </Router>,
  );
  const toggle = screen.getByRole('button', { name: 'Menu' });
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  return toggle;
}

const item = () => screen.getByRole('button', { name: 'Escuro' });

it('closes when the focus moves to a control outside it', () => {
  const toggle = openMenu();
  fireEvent.focusOut(item(), { relatedTarget: screen.getByRole('link', { name: 'Depois' }) });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
});

it('closes when Tab takes the focus out of the page (no related target)', () => {
  const toggle = openMenu();
  fireEvent.focusOut(item(), { relatedTarget: null });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
});

it('stays open when the focus moves between its own items, or a press lands on its text', () => {
  const toggle = openMenu();
  fireEvent.focusOut(toggle, { relatedTarget: item() });
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  const text = screen.getByText('Texto sem foco');
  fireEvent.pointerDown(text);
  fireEvent.focusOut(item(), { relatedTarget: null });
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
});

import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Header } from '../../views/Header';
import { makeUser } from '../fixtures';
import { renderWithSession } from './renderWithSession';

// The bell opens its own socket; what is tested here is the header around it.
vi.mock('../../views/NotificationBell', () => ({
  NotificationBell: () => <button type="button">Notifications</button>,
}));

describe('the header', () => {
  it("names the home link by the product's name it shows (axe label-content-name-mismatch)", async () => {
    renderWithSession(<Header />, makeUser({ otp_verified: true, display_name: 'Adi' }), {
      modules: [],
      banks: [],
      clients: [],
      roles: [],
    });
    const home = await screen.findByRole('link', { name: 'Nusa Payments Back Office' });
    expect(home).toHaveTextContent('Nusa Payments Back Office');
    expect(home).not.toHaveAttribute('aria-label');
    expect(screen.queryByRole('link', { name: 'Home' })).toBeNull();
    expect(screen.getByText('Adi')).toBeInTheDocument();
  });
});

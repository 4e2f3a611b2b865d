import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import './landing-namespace';

describe('English texts', () => {
  it("carry the spec's wording", () => {
    const t = i18n.t.bind(i18n);
    expect(t('app.loading')).toBe('Loading...');
    expect(t('errors.title')).toBe('Something went wrong');
    expect(t('errors.message')).toBe(
      "We're sorry, but something unexpected happened. Please try again.",
    );
    expect(t('errors.tryAgain')).toBe('Try Again');
    expect(t('errors.reloadPage')).toBe('Reload Page');
    expect(t('guard.accessDenied')).toBe('Access Denied');
    expect(t('guard.accessDeniedMessage')).toBe("You don't have permission to access this page.");
    expect(t('guard.insufficientRole')).toBe('Insufficient Role');
    expect(t('guard.insufficientRoleMessage', { role: 'admin' })).toBe(
      'This page requires admin role access.',
    );
    expect(t('guard.goBack')).toBe('Go Back');
    expect(t('header.noNotifications')).toBe('No new notifications');
    expect(t('connection.banner')).toBe('Reconnecting to server...');
    expect(t('connection.connected')).toBe('Connected');
    expect(t('connection.reconnecting')).toBe('Reconnecting...');
    expect(t('connection.offline')).toBe('Offline');
    expect(t('header.residents', { population: '2.1M' })).toBe('2.1M residents');
    expect(t('auth.loginFailed')).toBe('Login failed');
    expect(t('user.logoutFailed')).toBe('Logout failed');
    expect(t('user.fallbackName')).toBe('User');
    expect(t('user.roles.citizen')).toBe('Citizen');
  });

  it("carry the spec's account messages word for word", () => {
    const t = i18n.t.bind(i18n);
    expect(t('auth.welcomeBack')).toBe('Welcome back!');
    expect(t('auth.welcomeDemo')).toBe('Welcome to the demo!');
    expect(t('auth.loggedOut')).toBe('Logged out successfully');
    expect(t('auth.registrationSuccess')).toBe(
      'Registration successful! Please check your email to verify your account.',
    );
    expect(t('auth.registrationFailed')).toBe('Registration failed');
    expect(t('auth.resetEmailSent')).toBe('Password reset email sent! Please check your inbox.');
    expect(t('auth.passwordResetFailed')).toBe('Password reset failed');
    expect(t('auth.demoLoginFailed')).toBe('Demo login failed');
    expect(t('profile.updated')).toBe('Profile updated successfully');
    expect(t('profile.updateFailed')).toBe('Profile update failed');
    expect(t('profile.notAuthenticated')).toBe('User not authenticated');
    expect(t('landing.goToDashboard', { ns: 'landing' })).toBe('Go to dashboard');
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { authMessages, describeAuthError } from './auth-messages';

const fallback = authMessages.loginFailed;

describe('authentication errors (spec §8)', () => {
  it('warns "Email Verification Required" for a 401 about an unverified e-mail', () => {
    expect(describeAuthError(new ApiError(401, { detail: 'Email is not verified.' }), fallback)).toEqual({
      variant: 'warning',
      title: 'Email Verification Required',
      message: 'Your email is not verified. Please check your inbox for the verification email.',
    });
  });

  it('shows "Unauthorized. Please login again." for any other 401', () => {
    for (const data of [{ detail: 'No active account found with the given credentials' }, null, 'oops']) {
      expect(describeAuthError(new ApiError(401, data), fallback)).toEqual({
        variant: 'destructive',
        message: 'Unauthorized. Please login again.',
      });
    }
  });

  it('warns "Invalid Token" for a 400 about an invalid or expired token', () => {
    expect(describeAuthError(new ApiError(400, { detail: 'Invalid or expired token.' }), authMessages.confirmEmailFailed)).toEqual({
      variant: 'warning',
      title: 'Invalid Token',
      message: 'The token you provided is invalid or expired. Please try again.',
    });
  });

  it('warns with the first message of the email field for a 400 with field errors', () => {
    const error = new ApiError(400, { password: ['Too short.'], email: ['A user with that email already exists.', 'Second.'] });
    expect(describeAuthError(error, authMessages.signUpFailed)).toEqual({
      variant: 'warning',
      message: 'A user with that email already exists.',
    });
  });

  it('falls back to another field’s first message when the email field has none', () => {
    const error = new ApiError(400, { password: ['This password is too short. It must contain at least 8 characters.'] });
    expect(describeAuthError(error, authMessages.signUpFailed).message).toBe(
      'This password is too short. It must contain at least 8 characters.',
    );
  });

  it('shows the server error text for a 500', () => {
    expect(describeAuthError(new ApiError(500, null), fallback)).toEqual({
      variant: 'destructive',
      message: 'Internal server error. Please try again later.',
    });
  });

  it('uses the call’s fallback message for anything else', () => {
    expect(describeAuthError(new Error('boom'), authMessages.signUpFailed)).toEqual({
      variant: 'destructive',
      message: 'Signup failed. Please try again.',
    });
    expect(describeAuthError(new ApiError(400, []), authMessages.resetRequestFailed).message).toBe('Failed to send password reset email.');
    expect(describeAuthError(new ApiError(418, null), authMessages.resetFailed).message).toBe('Failed to reset the password.');
  });

  it('says when the network failed', () => {
    expect(describeAuthError(new ApiError(0, null), fallback).message).toBe('A network error has occurred.');
  });

  it('keeps the exact fallback and success texts', () => {
    expect(authMessages).toMatchObject({
      loginFailed: 'Login failed. Please try again.',
      signUpFailed: 'Signup failed. Please try again.',
      resetRequestFailed: 'Failed to send password reset email.',
      resetFailed: 'Failed to reset the password.',
      confirmEmailFailed: 'Failed to confirm email. Please try again.',
      refreshFailed: 'Token refresh failed. Please login again.',
      signUpSucceeded: 'Signup successful. Please verify your email to log in.',
      resetRequestSucceeded: 'Password reset email has been sent. Please check your inbox.',
      resetSucceeded: 'Password reset successful. You can now log in.',
      emailVerified: 'Email successfully verified.',
      passwordsDoNotMatch: 'Passwords do not match',
    });
  });
});

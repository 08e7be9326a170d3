/**
 * The registration event (docs/requirements.md §4: "a registration event tracked for one platform"). No
 * third-party script is loaded by default: the event is a DOM event on window, and is also pushed to
 * `window.dataLayer` when a tag manager put one there, so an operator can forward it to the one
 * platform they use without a change to this code.
 */
export const registrationEventName = 'gamehall:registration';

export interface RegistrationEvent {
  method: 'email';
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function trackRegistration(event: RegistrationEvent): void {
  window.dispatchEvent(new CustomEvent<RegistrationEvent>(registrationEventName, { detail: event }));
  window.dataLayer?.push({ event: 'sign_up', method: event.method });
}

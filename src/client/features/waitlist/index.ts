// What the waitlist offers other features: the booking page's panel and « Mon Calendrier »'s list.
export { MyWaitlists } from './MyWaitlists';
export { WaitlistPanel } from './WaitlistPanel';

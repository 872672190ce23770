// What this feature offers the others (decision 0023): they import it from here, never from its files.
export { AddGiftCardForm } from './AddGiftCardForm';
export { PurchasedGiftCards } from './PurchasedGiftCards';
export { GiftedMembershipNotice, giftedMembershipText } from './GiftedMembershipNotice';

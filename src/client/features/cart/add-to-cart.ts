// 'Ajouter au panier' (spec §5): refused with the spec's toast when the course is already there;
// otherwise added, with a success toast whose action opens the cart.
import { toast } from '@client/lib/toast';
import { toCartItem, type CartCourse } from './cart-item';
import { addToCart } from './cart-store';

export function addCourseToCart(course: CartCourse, openCart: () => void): boolean {
  if (!addToCart(toCartItem(course))) {
    toast.error('Déjà dans le panier', { description: 'Ce cours est déjà dans votre panier.' });
    return false;
  }
  toast.success('Ajouté au panier', {
    description: `« ${course.title} » vous attend dans votre panier.`,
    action: { label: 'Voir le panier', onClick: openCart },
  });
  return true;
}

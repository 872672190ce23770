// Reserve (live) or add to cart (both formats). Both need an account (spec §5): a visitor gets the
// sign-in dialog instead, and what they pressed is carried out once signed in (pending-action.ts).
// A course already bought, or free, has nothing to add to the cart.
import { CalendarCheck, CircleCheck, ShoppingCart } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { CourseDetail } from '@shared/schemas/public';
import { rememberPendingAction, takePendingAction, useAuth, useAuthDialog, type PendingAction } from '@client/app/auth';
import { Button, ButtonLink } from '@client/components/ui/Button';

export function CourseActions({ course }: { course: CourseDetail }) {
  const { status, user } = useAuth();
  const authDialog = useAuthDialog();
  const navigate = useNavigate();
  const hasSeats = course.sessions.some((s) => s.seatsLeft > 0);

  // The cart's code loads on the first press: it stays out of this public page's first load.
  const addToCart = async () => {
    if (!user) return signInFirst({ kind: 'add-to-cart', courseId: course.id });
    const { addCourseToCart } = await import('@client/features/cart');
    addCourseToCart(course, () => navigate('/panier'));
  };
  const signInFirst = (action: PendingAction) => {
    rememberPendingAction(action);
    authDialog.open('login');
  };
  // Signed in after pressing « Réserver » or « Ajouter au panier »: done now.
  useEffect(() => {
    if (!user) return;
    if (takePendingAction('book')?.courseId === course.id) navigate(`/booking/${course.id}`);
    else if (takePendingAction('add-to-cart')?.courseId === course.id) void addToCart();
    // Looked at when the person signs in (user) or the course changes; addToCart is this render's.
  }, [user, course.id]);
  const canBuy = !course.purchased && course.priceCents > 0;
  const cartButton = (variant: 'primary' | 'secondary') =>
    canBuy ? (
      <Button size="lg" variant={variant} className="w-full" disabled={status === 'loading'} onClick={() => void addToCart()}>
        <ShoppingCart aria-hidden="true" className="size-5" />
        Ajouter au panier
      </Button>
    ) : null;

  if (course.isLive) {
    return (
      <div className="flex flex-col gap-2">
        <Button
          size="lg"
          className="w-full"
          disabled={!hasSeats || status === 'loading'}
          onClick={() => (user ? navigate(`/booking/${course.id}`) : signInFirst({ kind: 'book', courseId: course.id }))}
        >
          <CalendarCheck aria-hidden="true" className="size-5" />
          {hasSeats ? 'Réserver' : 'Complet'}
        </Button>
        {hasSeats ? cartButton('secondary') : null}
        {!hasSeats ? (
          <p className="text-center text-sm text-muted">
            {course.sessions.length ? 'Toutes les séances sont complètes.' : 'Aucune séance à réserver pour le moment.'}
          </p>
        ) : null}
      </div>
    );
  }

  if (course.purchased) {
    return (
      <div className="flex flex-col gap-2">
        <p className="flex items-center justify-center gap-2 font-medium text-emerald-800">
          <CircleCheck aria-hidden="true" className="size-5" />
          Vous avez acheté ce cours.
        </p>
        <ButtonLink to="/mes-achats" size="lg" variant="secondary" className="w-full">
          Voir mes achats
        </ButtonLink>
      </div>
    );
  }
  if (course.priceCents === 0) {
    return <p className="text-center font-medium text-ink">Ouvert à tous, sans achat.</p>;
  }
  return cartButton('primary');
}

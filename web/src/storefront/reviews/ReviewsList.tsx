// The reviews section itself, loaded lazily. The platform has no review store yet, so a product
// shows that nobody has reviewed it; the sources the store enabled are named.
import type { ProductReviewsData } from '@sc/contracts';

export default function ReviewsList({ data }: { data: ProductReviewsData }) {
  return (
    <div className="reviews-list" data-native={data.native} data-imported={data.imported}>
      <h2>Reviews</h2>
      <p className="reviews-empty">No reviews yet.</p>
    </div>
  );
}

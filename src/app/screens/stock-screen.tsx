import { CountFromPhoto } from '#features/larvae/count-from-photo';
import { StockFormScreen } from '#features/production/stock-form-screen';

/**
 * /farm/{farm_id}/stock/add: the stocking form with the larvae counter next to the
 * actual seed count (issue 19). "Use this count" fills the field; the count runs on the
 * phone (OpenCV worker loaded on first use), offline too.
 */
export function StockScreen() {
  return (
    <StockFormScreen
      seedCounter={(fillCount) => (
        <CountFromPhoto defaultHatchColor="bright" onUse={(count) => fillCount(count)} />
      )}
    />
  );
}

import { CheckOutlined } from '@ant-design/icons';

/** A plan's benefits, each with a tick. */
export function BenefitList({ benefits }: { benefits: readonly string[] }) {
  return (
    <ul className="billing-benefits">
      {benefits.map((benefit) => (
        <li key={benefit}>
          <CheckOutlined /> {benefit}
        </li>
      ))}
    </ul>
  );
}

import { LoadingOutlined } from '@ant-design/icons';

/**
 * A button's spinner while its call runs, in place of antd's `loading`: antd animates its loading icon
 * out, and on a busy machine a call that comes back within a frame or two can leave that icon behind,
 * so that a screen reader reads the button as "loading" long after. A plain icon comes and goes at once.
 * The caller disables the button while `isBusy` as well.
 */
export function busyButtonProps(isBusy: boolean) {
  return { icon: isBusy ? <LoadingOutlined /> : undefined, 'aria-busy': isBusy };
}

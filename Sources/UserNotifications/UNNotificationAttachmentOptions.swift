// The keys of `UNNotificationAttachment(identifier:url:options:)`'s options, as on Apple
// platforms. They are accepted and ignored: a notification server shows an image attachment
// as it is (`image-path`), with no type hint, thumbnail clipping or thumbnail time.

/// The attachment's type (a UTI string); ignored.
public let UNNotificationAttachmentOptionsTypeHintKey = "UNNotificationAttachmentOptionsTypeHintKey"
/// Whether to hide the thumbnail; ignored.
public let UNNotificationAttachmentOptionsThumbnailHiddenKey = "UNNotificationAttachmentOptionsThumbnailHiddenKey"
/// The part of the image the thumbnail shows; ignored.
public let UNNotificationAttachmentOptionsThumbnailClippingRectKey = "UNNotificationAttachmentOptionsThumbnailClippingRectKey"
/// The frame of a movie the thumbnail shows; ignored.
public let UNNotificationAttachmentOptionsThumbnailTimeKey = "UNNotificationAttachmentOptionsThumbnailTimeKey"
